import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '../e2e/support/fixtures';
import { reachLevel } from '../e2e/support/levels';
import { createOnboardedMember, signInToHome } from '../e2e/support/members';
import { settle } from '../e2e/shell/support';
import { userIdOf } from '../e2e/growth/support';

/**
 * Screenshots at 390x844 of the tier chips, the daily check-in and emotion tracking (issue 30),
 * for a person to look at: `npm run screens` writes .tmp/screens/tier-*.png. Not part of
 * `npm test`: the chip walk and the check-in spec assert the behaviour.
 */
test.describe.configure({ timeout: 300_000 });

const VOICES = ['clear', 'fine', 'tired', 'fine', 'strained', 'clear', 'hoarse'];
const FEELINGS: [string, string][] = [
  ['tense', 'calm'],
  ['anxious', 'content'],
  ['tired', 'energised'],
  ['low', 'calm'],
  ['calm', 'calm'],
  ['content', 'tired'],
];

/** Past check-ins and feelings on the ledger's earlier practice, written as the server would have. */
function pastAnswers(userId: string): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'app.db'));
  try {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const insert = db.prepare(`INSERT INTO voice_check_ins
      (user_id, local_date, voice, energy, mood, note, checked_at, created_at, updated_at)
      VALUES (?, ?, ?, 'steady', 'okay', '', ?, ?, ?)`);
    VOICES.forEach((v, i) => {
      const at = day(2 + i * 3);
      insert.run(userId, at.slice(0, 10), v, at, at, at);
    });
    const ledger = db
      .prepare(
        'SELECT practised_at, local_date FROM practice_ledger WHERE user_id = ? ORDER BY practised_at DESC',
      )
      .all(userId) as { practised_at: string; local_date: string }[];
    const feel = db.prepare(`INSERT INTO practice_feelings
      (user_id, run_key, kind, item_id, before_emotion, before_at, after_emotion, after_at, local_date, created_at)
      VALUES (?, ?, 'template', 0, ?, ?, ?, ?, ?, ?)`);
    FEELINGS.forEach(([before, after], i) => {
      const p = ledger[i * 2];
      if (p)
        feel.run(
          userId,
          crypto.randomUUID(),
          before,
          p.practised_at,
          after,
          p.practised_at,
          p.local_date,
          p.practised_at,
        );
    });
  } finally {
    db.close();
  }
}

test('tier chips, check-in and emotions at phone size', async ({ page, request }) => {
  const shot = (name: string) => page.screenshot({ path: `.tmp/screens/tier-${name}.png` });
  const member = await createOnboardedMember(request);
  const token = await signInToHome(page, member);
  const userId = userIdOf(token);
  reachLevel(userId, 3);

  await page.goto('/check-in');
  await settle(page);
  await shot('check-in-empty');
  await page.getByRole('radio', { name: 'tired' }).check();
  await page.getByRole('button', { name: "save today's check-in" }).click();
  await expect(page.getByRole('alert')).toContainText('your energy');
  await shot('check-in-missing');

  pastAnswers(userId);
  await page.goto('/home');
  await settle(page);
  await shot('home-card-question');

  await page.goto('/check-in');
  await settle(page);
  await page.getByRole('radio', { name: 'hoarse or sore' }).check();
  await page.getByRole('group', { name: 'your energy' }).getByRole('radio', { name: 'low' }).check();
  await page.getByRole('group', { name: 'your mood' }).getByRole('radio', { name: 'okay' }).check();
  await page.getByLabel(/a note/).fill('a cold coming on');
  await page.getByRole('button', { name: "save today's check-in" }).click();
  await expect(page.getByTestId('check-in-suggestion')).toBeVisible();
  await settle(page);
  await shot('check-in-hoarse');
  await page.getByTestId('check-in-strip').scrollIntoViewIfNeeded();
  await shot('check-in-strip');
  await page.getByRole('button', { name: "change today's answers" }).click();
  await page.getByRole('radio', { name: 'rested and clear' }).check();
  await page.getByRole('radio', { name: 'high' }).check();
  await page.getByRole('button', { name: "save today's check-in" }).click();
  await expect(page.getByTestId('check-in-suggestion')).toContainText('a good day to practise');
  await settle(page);
  await shot('check-in-clear');

  await page.goto('/home');
  await settle(page);
  await shot('home-card-answered');

  await page.goto('/emotions');
  await settle(page);
  await shot('emotions');
  await page.getByText('your last practices').scrollIntoViewIfNeeded();
  await shot('emotions-list');

  await page.goto('/profile');
  await settle(page);
  await page.getByTestId('next-unlock').scrollIntoViewIfNeeded();
  await shot('profile-progress');
  await page.getByTestId('tier-features').scrollIntoViewIfNeeded();
  await shot('profile-chips');
  await page.getByText(/^later levels/).click();
  await page.getByRole('button', { name: /voice range tracking/ }).click();
  await page.getByRole('button', { name: /voice range tracking/ }).scrollIntoViewIfNeeded();
  await shot('profile-chips-open');

  // The template player: the before question on its intro, the after one when it is done.
  await page.goto('/session/1');
  await settle(page);
  await page.getByTestId('feeling-before').scrollIntoViewIfNeeded();
  await shot('template-before');
  await page.getByTestId('feeling-before').getByRole('button', { name: 'tense' }).click();
  await expect(page.getByTestId('feeling-before-status')).toContainText('Noted: tense');
  await page.getByRole('button', { name: 'Start Session' }).click();
  await page.getByRole('button', { name: /finish/i }).click();
  await expect(page.getByTestId('feeling-after')).toBeVisible();
  await page.getByTestId('feeling-after').getByRole('button', { name: 'calm' }).click();
  await expect(page.getByTestId('feeling-after-status')).toContainText('Noted: calm');
  await shot('template-after');

  // The catalogue player: the before question under the controls, the after one at the end.
  await page.goto('/home');
  await settle(page);
  await page.getByRole('button', { name: "begin today's journey" }).click();
  await expect(page.getByTestId('feeling-before')).toBeVisible();
  await page.getByTestId('feeling-before').scrollIntoViewIfNeeded();
  await shot('player-before');
  await page.getByTestId('player-audio').evaluate((el) => {
    const audio = el as HTMLAudioElement;
    audio.currentTime = Math.max(0, audio.duration - 0.5);
    void audio.play();
  });
  await expect(page.getByTestId('end-dialog')).toBeVisible({ timeout: 15_000 });
  await settle(page);
  await shot('player-after');
});
