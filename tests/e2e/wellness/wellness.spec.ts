import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome, type Member } from '../support/members';

const DAY = 86_400_000;
test.use({ timezoneId: 'UTC' });

/**
 * Simulated days: entries are dated in the past through the dialogs' time field and the API's
 * recordedAt. The server refuses dates before the account existed, so the test first moves the
 * new member's sign-up date back ten days, straight in the test server's database.
 */
function backdateAccount(member: Member, days: number) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE users SET created_at = ? WHERE email = ?').run(
      new Date(Date.now() - days * DAY).toISOString(),
      member.email,
    );
  } finally {
    db.close();
  }
}

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
}

/** 'YYYY-MM-DDTHH:MM' in UTC (the page's zone) for a datetime-local field. */
const localInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

async function trackMood(page: Page, mood: number, energy: number, at: number | null) {
  await page.getByRole('button', { name: 'Track Your Mood' }).click();
  const dialog = page.getByRole('dialog', { name: 'Track Your Mood' });
  await expect(dialog.getByLabel('Mood')).toHaveValue('7');
  await expect(dialog.getByLabel('Stress')).toHaveValue('5');
  await dialog.getByLabel('Mood').fill(String(mood));
  await dialog.getByLabel('Energy').fill(String(energy));
  await dialog.getByRole('button', { name: 'grateful' }).click();
  if (at !== null) await dialog.getByLabel('When').fill(localInput(at));
  else await page.screenshot({ path: 'test-results/wellness-mood-dialog.png' });
  await dialog.getByRole('button', { name: 'Save mood' }).click();
  await expect(dialog).toHaveCount(0);
}

async function addSleep(page: Page, value: number, at: number | null) {
  await page.getByRole('button', { name: 'Add Biometric Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Biometric Data' });
  await dialog.getByLabel('Data type').selectOption({ label: 'Sleep quality' });
  await dialog.getByLabel('Value').fill(String(value));
  await expect(dialog.getByText('Unit: score from 1 to 10')).toBeVisible();
  await dialog.getByLabel('Source device').selectOption('oura');
  if (at !== null) await dialog.getByLabel('Time').fill(localInput(at));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
}

test('mood and vitals over simulated days: an insight appears only once 7 days support it', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  backdateAccount(member, 10);
  const token = await accessTokenOf(request, member);
  await signInToHome(page, member);
  await page.goto('/wellness');

  // Empty states, and what to track.
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No mood data yet')).toBeVisible();
  await expect(page.getByText('No biometric data yet')).toBeVisible();
  await expect(page.getByTestId('insights')).toContainText('No insights yet');
  await expect(page.getByTestId('insight-progress')).toContainText(
    'Log your mood and your sleep quality on the same days (0 of 7 days)',
  );

  // A reading out of range is refused in the dialog and nothing is saved.
  await page.getByRole('button', { name: 'Add Biometric Data' }).click();
  const bio = page.getByRole('dialog', { name: 'Add Biometric Data' });
  await bio.getByLabel('Data type').selectOption({ label: 'Heart rate' });
  await bio.getByLabel('Value').fill('300');
  await bio.getByRole('button', { name: 'Save' }).click();
  await expect(bio.getByRole('alert')).toHaveText('Heart rate must be from 25 to 250 bpm.');
  await bio.getByRole('button', { name: 'Close' }).click();

  // Day -6 through the dialogs, days -5..-1 through the API: sleep and mood rise and fall together.
  const now = Date.now();
  await trackMood(page, 5, 4, now - 6 * DAY);
  await addSleep(page, 4, now - 6 * DAY);
  const sleep = [6, 3, 7, 5, 8];
  for (const [i, s] of sleep.entries()) {
    const recordedAt = new Date(now - (5 - i) * DAY).toISOString();
    await post(request, token, '/api/mood-tracking', {
      moodScore: s + 1,
      stressLevel: 5,
      anxietyLevel: 4,
      energyLevel: s,
      emotions: ['calm'],
      notes: '',
      recordedAt,
      timeZone: 'UTC',
    });
    await post(request, token, '/api/biometric-data', {
      dataType: 'sleep_quality',
      value: s,
      unit: 'score',
      sourceDevice: 'manual',
      recordedAt,
      timeZone: 'UTC',
    });
  }
  await page.reload();
  // Six paired days: a clear pattern, but not enough days yet.
  await expect(page.getByTestId('insight-progress')).toContainText('(6 of 7 days)');
  await expect(page.getByTestId('insight')).toHaveCount(0);
  await expect(page.getByTestId('today-check-in')).toContainText("You haven't checked in today.");
  await expect(page.getByTestId('line-mood').locator('circle')).toHaveCount(6);

  // Today, the seventh day, through the dialogs.
  await trackMood(page, 10, 9, null);
  await addSleep(page, 9, null);
  const insight = page.getByTestId('insight');
  await expect(insight).toHaveCount(1);
  await expect(insight).toContainText('On your better-slept days your mood is higher too');
  await expect(insight).toContainText('Correlation 100%');
  await expect(insight).toContainText('7 days of your data');
  await expect(page.getByTestId('today-check-in')).toContainText('10');
  await expect(page.getByTestId('line-mood').locator('circle')).toHaveCount(7);
  await expect(page.getByTestId('sparkline')).toContainText('Sleep quality');
  await expect(page.getByTestId('sparkline')).toContainText('9 /10');
  await page.screenshot({ path: 'test-results/wellness-overview.png', fullPage: true });

  // The Mood tab lists the newest first; deleting today's entry takes the insight away again.
  await page.getByRole('tab', { name: 'Mood' }).click();
  const entries = page.getByTestId('mood-entry');
  await expect(entries).toHaveCount(7);
  await expect(entries.first()).toContainText('Mood 10/10');
  await expect(entries.first()).toContainText('grateful');
  await entries
    .first()
    .getByRole('button', { name: /Delete the mood entry/ })
    .click();
  await expect(entries).toHaveCount(6);
  await page.getByRole('tab', { name: 'Vitals' }).click();
  await expect(page.getByTestId('vital-entry').first()).toContainText('Sleep quality: 9 /10');
  await expect(page.getByTestId('vital-entry').first()).toContainText('Oura');
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByTestId('insights')).toContainText('No insights yet');
});
