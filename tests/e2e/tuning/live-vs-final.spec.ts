import { expect, test } from '../support/fixtures';
import { fakeMicLaunch, screenshotPath } from './fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

const AREAS = ['clarity', 'stability', 'resonance', 'projection'] as const;
const percent = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('the live readout and the final card show the same score and areas', async ({ page }) => {
  await page.goto('/tuning-room?sampleRate=48000');
  await page.getByRole('button', { name: 'Start recording' }).click();
  const pitch = page.getByTestId('live-pitch');
  // The fixture sings for 4 s between silences: wait for the voice, then for its end.
  await expect(pitch).not.toHaveAttribute('data-hz', '', { timeout: scaledTimeout(10_000) });
  await expect(page.getByTestId('live-score')).toHaveText(/^\d+$/);
  await page.screenshot({ path: screenshotPath('tuning-live-summary.png'), fullPage: true });
  await expect(pitch).toHaveAttribute('data-hz', '', { timeout: scaledTimeout(10_000) });
  // Let the last frames of the note arrive and be published.
  await page.waitForTimeout(400);
  const live: Record<string, number> = { score: percent(await page.getByTestId('live-score').textContent()) };
  for (const area of AREAS) live[area] = percent(await page.getByTestId(`live-${area}`).textContent());

  await page.getByRole('button', { name: 'Stop recording' }).click();
  const card = page.getByTestId('analysis-complete');
  await expect(card.getByTestId('score-value')).toBeVisible();
  const final: Record<string, number> = {
    score: percent(await card.getByTestId('score-value').textContent()),
  };
  for (const area of AREAS) final[area] = percent(await card.getByTestId(`score-${area}`).textContent());
  console.log('live', JSON.stringify(live), 'final', JSON.stringify(final));
  expect(final).toEqual(live);
  // A clean held note with slight vibrato: the fixture's score is green and the card says so.
  expect(final.score).toBeGreaterThanOrEqual(80);
  await expect(card.getByText(/^Beautiful work/)).toBeVisible();
  // Words first (issue 31): the card leads with one sentence that agrees with the advice.
  await expect(card.getByTestId('score-words')).toHaveText('Clear and steady: a strong result.');
  await expect(card.getByTestId('score-vibrato')).toContainText('Hz');
});
