import { expect, test } from '../support/fixtures';
import { createOnboardedMember, signInToHome } from '../support/members';
import { fakeMicLaunch, loopingSungA3, screenshotPath, voiceHistoryAround } from './fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

// Issue 22: a member sings the fake microphone's 220 Hz voice to an A3 target and sees each
// note's accuracy. Chromium here; Firefox and WebKit walk the same path in `npm run test:engines`.
test.use({ launchOptions: fakeMicLaunch(loopingSungA3(), { loop: true }), permissions: ['microphone'] });

/** Earlier recordings around F3 (174.6 Hz): the voice the one-note exercise is placed on A3 for. */
const F3_HISTORY = voiceHistoryAround(174.61);

test('match the note: a 220 Hz voice sung to an A3 target reads about 0 cents, saved to voice health', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  await page.evaluate((history) => localStorage.setItem('tuneful_voice_sessions', history), F3_HISTORY);

  await page.goto('/tuning-room?sampleRate=48000');
  await page.getByRole('button', { name: 'match the note' }).click();
  const match = page.getByTestId('match-the-note');
  await expect(match.getByTestId('target-notes')).toHaveText('A3');
  await expect(page.getByRole('button', { name: 'Find one note' })).toHaveAttribute('aria-pressed', 'true');

  await match.getByRole('button', { name: 'Sing it' }).click();
  await expect(match).toHaveAttribute('data-phase', 'singing');
  // The take is real time (the voice plays for 4 s): a look at the trace half-way through it.
  await page.waitForTimeout(2500);
  await match.getByTestId('target-notes').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: screenshotPath('match-the-note-singing.png') });

  const note = match.getByTestId('note-result');
  await expect(note).toBeVisible({ timeout: scaledTimeout(15_000) });
  const cents = Number(await note.getAttribute('data-cents'));
  const held = Number(await note.getAttribute('data-held'));
  console.log(
    `A3 take: ${cents} cents off, held ${held}, score ${await match.getByTestId('take-score').textContent()}`,
  );
  expect(Math.abs(cents)).toBeLessThanOrEqual(10);
  expect(held).toBeGreaterThanOrEqual(0.7);
  await expect(note).toContainText(/A3.*(on the note \(0 cents\)|\d cents? (sharp|flat))/);
  // Words first (issue 31): within 10 cents the take reads "Right on the note.", the cents behind "details".
  await expect(match.getByTestId('take-words')).toHaveText('Right on the note.');
  await expect(match.getByTestId('score-rule')).toContainText('Your score is the average of the notes.');
  await expect(match.getByTestId('take-saved')).toBeVisible();
  await match.getByTestId('take-result').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: screenshotPath('match-the-note-result.png') });

  // Voice health shows the take in its pitch accuracy over time.
  await page.goto('/voice-health-insights');
  await page.getByRole('tab', { name: 'trends' }).click();
  await expect(page.getByTestId('pitch-accuracy-week')).toContainText(/^1 take, \d+\/100; /);
});
