import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { TrendsTab } from './TrendsTab';

const HOUR = 3_600_000;
const at = (hoursAgo: number, avqi: number): ShownAssessment => ({
  recordedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  avqi,
  cpps: 14,
  hnr: 20,
  shimmerPercent: 3,
  shimmerDb: 0.3,
  ltasSlope: -22,
  ltasTilt: -10,
  mptSeconds: null,
  engineVersion: 'test',
});

it('leads with the month’s assessments counted on the boundary, and charts a day by its middle assessment, never a mean (issue 31)', () => {
  // Three assessments at the same moment (one day): 1.2, 6.1 and 2.2. Their mean, 3.17, is none of them.
  const html = renderToStaticMarkup(<TrendsTab list={[at(0.01, 1.2), at(0.01, 6.1), at(0.01, 2.2)]} />);
  expect(html).toContain(
    '2 of 3 assessments in the last 30 days were in the range of typical voices; 1 sounded hoarse or breathy.',
  );
  expect(html.indexOf('trend-words')).toBeLessThan(html.indexOf('<svg'));
  expect(html).toMatch(/<title>[^<]*: AVQI 2\.20<\/title>/);
  expect(html).not.toContain('3.17');
});
