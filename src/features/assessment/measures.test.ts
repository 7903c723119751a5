import { describe, expect, it } from 'vitest';
import { withPending, type StoredAssessment } from './assessment-api';
import {
  avqiInWords,
  changeText,
  formatMeasure,
  scalePercent,
  sideOfBoundary,
  suggestProfessional,
} from './measures';

const at = (iso: string, avqi: number): StoredAssessment => ({
  id: avqi,
  recordedAt: iso,
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

describe('the numbers of an assessment, in words', () => {
  it('says the result in a sentence first, on the published boundary only', () => {
    expect(avqiInWords(1.2)).toBe('Your voice sounds clear today: in the range of typical voices.');
    expect(avqiInWords(2.43)).toMatch(/^Your voice sounds clear/);
    expect(avqiInWords(2.44)).toBe(
      'Your voice sounds hoarse or breathy today: above the range of typical voices.',
    );
  });

  it('puts 2.43 itself on the typical side and draws values beyond the scale at its ends', () => {
    expect(sideOfBoundary(2.43)).toBe('typical');
    expect(sideOfBoundary(2.44)).toBe('above');
    expect(scalePercent(-5)).toBe(0);
    expect(scalePercent(12)).toBe(100);
  });
  it('says which way a change went and whether that is better', () => {
    expect(changeText('avqi', 1.9, 3.1)).toBe('1.20 lower than last time (better)');
    expect(changeText('cpps', 12.1, 14.3)).toBe('2.2 dB lower than last time (less good)');
    expect(changeText('ltasSlope', -20, -22)).toBe('2.0 dB higher than last time');
    expect(changeText('avqi', 2.2, 2.5)).toBe('about the same as last time');
    expect(formatMeasure('shimmerPercent', 3.04)).toBe('3.0 %');
  });
  it('suggests a professional after two of the last three results above 2.43, not after one', () => {
    expect(suggestProfessional([2.9, 1.8, 2.6, 3.0])).toBe(true);
    expect(suggestProfessional([2.9, 1.8, 2.0, 3.0])).toBe(false);
    expect(suggestProfessional([3.5])).toBe(false);
  });
  it('lists a result saved offline as waiting, once, among the stored ones', () => {
    const stored = [at('2026-11-20T10:00:00.000Z', 2.1)];
    const pending = [at('2026-11-25T10:00:00.000Z', 1.9), at('2026-11-20T10:00:00Z', 2.1)];
    expect(withPending(stored, pending).map((a) => [a.avqi, a.waiting])).toEqual([
      [1.9, true],
      [2.1, false],
    ]);
  });
});
