import { takeBody } from '../../../server/api/pitch-exercises/test-takes';
import { comfortableRange, placeInRange } from '../../../src/domain/pitch-target/exercises';
import { findVocalExercise } from '../../../src/domain/pitch-target/vocal-exercises';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { api, userIdOf } from '../growth/support';
import { expect, test } from '../support/fixtures';
import { reachLevel } from '../support/levels';
import { createOnboardedMember, signInToHome } from '../support/members';
import { axeViolations, describeViolations } from '../shell/support';
import { fakeMicLaunch, loopingSungA3, screenshotPath, voiceHistoryAround } from '../tuning/fake-mic';

// Issue 30, tier features at levels 4 and 5: a member at level 5 with two scored takes is told
// to sing more, starts the exercise technique feedback links to, sings it into the fake
// microphone (a 220 Hz voice), sees its score and its last score in the library, and then reads
// technique feedback built from the three takes.
// bypassCSP: axe is injected as a script tag, as the route walk does.
test.use({
  launchOptions: fakeMicLaunch(loopingSungA3(), { loop: true }),
  permissions: ['microphone'],
  bypassCSP: true,
});

/** Earlier recordings a quarter-tone above G#3: the humming scale starts on A3 (220 Hz) for this voice. */
const HISTORY = voiceHistoryAround(213.75);
const HUM_NOTES = placeInRange(
  findVocalExercise('vx-hum-five-note')!,
  comfortableRange((JSON.parse(HISTORY) as { pitchHz: number }[]).map((r) => r.pitchHz))!,
).map((n) => n.name);

test('vocal exercises and technique feedback: sing the linked exercise, then read feedback from the takes', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await signInToHome(page, member);
  reachLevel(userIdOf(token), 5);
  // Two earlier takes sung 30 cents flat, saved through the app's own API.
  for (const minutes of [20, 10])
    await api(request, 'post', '/api/pitch-exercises/results', token, {
      ...takeBody('vx-hum-five-note', new Date(Date.now() - minutes * 60_000).toISOString(), {
        centsOff: -30,
        heldFraction: 0.9,
      }),
    });
  await page.evaluate((history) => localStorage.setItem('tuneful_voice_sessions', history), HISTORY);

  await page.goto('/technique');
  const tooFew = page.getByTestId('technique-too-few');
  await expect(tooFew).toContainText('So far there are 2 takes with 18 notes.');
  await page.screenshot({ path: screenshotPath('technique-too-few.png'), fullPage: true });
  await tooFew.getByRole('link', { name: 'start humming on a five-note scale' }).click();

  const runner = page.getByTestId('exercise-runner');
  await expect(runner.getByTestId('target-notes')).toHaveText(HUM_NOTES.join(' · '));
  expect(HUM_NOTES[0]).toBe('A3');
  await page.screenshot({ path: screenshotPath('vocal-exercise-start.png') });
  await runner.getByRole('button', { name: 'Sing it' }).click();
  await expect(runner.getByTestId('match-the-note')).toHaveAttribute('data-phase', 'singing');
  await expect(runner.getByTestId('take-saved')).toBeVisible({ timeout: scaledTimeout(15_000) });
  await expect(runner.getByTestId('note-result').first()).toContainText('A3');
  await runner.getByTestId('take-result').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: screenshotPath('vocal-exercise-result.png') });

  await runner.getByRole('button', { name: 'all exercises' }).click();
  await expect(page.getByTestId('exercise-vx-hum-five-note').getByTestId('last-score')).toContainText(
    /last score \d+ of 100/,
  );
  await page.screenshot({ path: screenshotPath('vocal-exercises.png'), fullPage: true });
  // The route walk sees these screens locked; unlocked, with data, they are checked here.
  expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);

  await page.goto('/technique');
  const flat = page.getByTestId('finding-flat');
  await expect(flat).toContainText('You tend to sing a little under the note (flat).');
  await expect(page.getByText(/From your 3 most recent scored takes/)).toBeVisible();
  await expect(flat.getByRole('link', { name: 'start humming on a five-note scale' })).toHaveAttribute(
    'href',
    '/vocal-exercises?exercise=vx-hum-five-note',
  );
  await page.getByText('how we read your singing').click();
  await page.screenshot({ path: screenshotPath('technique-feedback.png'), fullPage: true });
  expect(describeViolations(page.url(), await axeViolations(page))).toEqual([]);
});
