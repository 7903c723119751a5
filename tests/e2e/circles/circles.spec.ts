import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';

async function api(request: APIRequestContext, url: string, token: string, data?: unknown) {
  const res = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/**
 * The template catalogue is seeded by the template area; this test brings its own plan,
 * written straight into the running server's database (WAL allows a second connection).
 */
function insertTemplate(steps: { text: string; duration: number }[]): number {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const slug = `circle-e2e-${crypto.randomBytes(4).toString('hex')}`;
    const total = steps.reduce((n, s) => n + s.duration, 0);
    return Number(
      db
        .prepare(
          `INSERT INTO session_templates (slug, title, description, category, difficulty, voice_level,
            duration_sec, instructions_json) VALUES (?, 'Circle warm-up', 'A shared warm-up', 'free',
            'beginner', 'all', ?, ?)`,
        )
        .run(slug, total, JSON.stringify(steps)).lastInsertRowid,
    );
  } finally {
    db.close();
  }
}

const tabs = (page: Page) => ({
  discover: page.getByRole('tab', { name: 'Discover' }),
  mine: page.getByRole('tab', { name: 'My Circles' }),
  sessions: page.getByRole('tab', { name: 'Sessions' }),
});

test('members discover, create and join circles; a private circle is joined by its invite link', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const tag = crypto.randomBytes(3).toString('hex');
  const a = await createOnboardedMember(request, { firstName: `Maya${tag}` });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInToHome(page, a);
  await page.goto('/voice-circles');
  await expect(page.getByRole('heading', { name: 'Voice circles', level: 1 })).toBeVisible();
  await expect(tabs(page).discover).toHaveAttribute('aria-selected', 'true');

  // A seeded circle with a blank focus area shows General, its level, type, n / max and time.
  const open = page.getByTestId('circle-card').filter({ hasText: 'Open voice room' });
  await expect(open).toContainText('General');
  await expect(open).toContainText('All levels');
  await expect(open).toContainText('In your own time');
  await expect(open.getByTestId('participants')).toHaveText('0 / 8');
  const live = page.getByTestId('circle-card').filter({ hasText: 'Hum and sigh together' });
  await expect(live).toContainText('Live');
  await expect(live.locator('time')).toBeVisible();

  await tabs(page).mine.click();
  await expect(page.getByText("You haven't joined any circles yet")).toBeVisible();
  await tabs(page).sessions.click();
  await expect(page.getByText('No upcoming sessions')).toBeVisible();

  // Create Circle: defaults, and submit only with a name that is not blank.
  await page.getByRole('button', { name: 'Create Circle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Circle' });
  const submit = dialog.getByRole('button', { name: 'Create Circle' });
  await expect(submit).toBeDisabled();
  await expect(dialog.getByLabel('Session type')).toHaveValue('asynchronous');
  await expect(dialog.getByLabel('Skill level')).toHaveValue('all');
  await expect(dialog.getByLabel('Focus area')).toHaveValue('');
  await expect(dialog.getByLabel(/Private circle/)).not.toBeChecked();
  await dialog.getByLabel('Circle name').fill('   ');
  await expect(submit).toBeDisabled();
  const name = `Quiet sirens ${tag}`;
  await dialog.getByLabel('Circle name').fill(name);
  await dialog.getByLabel('Focus area').selectOption('healing');
  await dialog.getByLabel(/Private circle/).check();
  await submit.click();

  // The creator lands on the circle and copies its invite link.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('participants')).toContainText('1 / 8');
  const invite = await page.getByRole('textbox', { name: 'invite link' }).inputValue();
  expect(invite).toMatch(/\/voice-circles\/\d+\?invite=/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invite);

  // Another member does not find it in Discover, but the link lets them in.
  const b = await createOnboardedMember(request, { firstName: `Theo${tag}` });
  const context = await browser.newContext({ baseURL });
  const pageB = await context.newPage();
  await signInToHome(pageB, b);
  await pageB.goto('/voice-circles');
  await expect(pageB.getByTestId('circle-card').first()).toBeVisible();
  await expect(pageB.getByTestId('circle-card').filter({ hasText: name })).toHaveCount(0);
  await pageB.goto(invite.replace(/^https?:\/\/[^/]+/, ''));
  await expect(pageB.getByRole('heading', { name, level: 1 })).toBeVisible();
  await pageB.getByRole('button', { name: 'Join', exact: true }).click();
  const members = pageB.getByRole('list', { name: 'members' });
  await expect(members).toContainText(`Maya${tag}`);
  await expect(members).toContainText(`Theo${tag}`);
  await expect(pageB.getByTestId('participants')).toContainText('2 / 8');

  // Asynchronous: who has done this week's practice.
  await pageB.getByRole('button', { name: "I've done this week's practice" }).click();
  await expect(pageB.getByRole('list', { name: 'practised this week' })).toContainText(`Theo${tag}`);
  await expect(pageB.getByRole('button', { name: "You've practised this week" })).toBeDisabled();

  await pageB.goto('/voice-circles');
  await tabs(pageB).mine.click();
  await expect(pageB.getByTestId('circle-card').filter({ hasText: name })).toContainText('Healing');
  await context.close();
});

test('two members meet in one live group session, on the same step at the same moment', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const tag = crypto.randomBytes(3).toString('hex');
  const templateId = insertTemplate([
    { text: 'Settle your breath', duration: 20 },
    { text: 'Hum softly on a comfortable note', duration: 900 },
    { text: 'Gentle sirens to close', duration: 60 },
  ]);
  const a = await createOnboardedMember(request, { firstName: `Iris${tag}` });
  const b = await createOnboardedMember(request, { firstName: `Noor${tag}` });
  // Started 40 s ago: the first 20 s step is over, so everyone is on step 2.
  const circle = await api(request, '/api/voice-circles', await accessTokenOf(request, a), {
    name: `Live hum ${tag}`,
    sessionType: 'real_time',
    scheduledTime: new Date(Date.now() - 40_000).toISOString(),
    duration: 30,
    templateId,
  });
  await api(request, `/api/voice-circles/${circle.id}/join`, await accessTokenOf(request, b));

  // Member A goes there through the Sessions tab.
  await signInToHome(page, a);
  await page.goto('/voice-circles');
  await tabs(page).sessions.click();
  const session = page.getByTestId('group-session').filter({ hasText: `Live hum ${tag}` });
  await expect(session).toContainText('Open now');
  await session.getByRole('link', { name: 'Join the session' }).click();
  await expect(page.getByRole('list', { name: 'here now' })).toContainText(`Iris${tag}`);

  const context = await browser.newContext({ baseURL });
  const pageB = await context.newPage();
  await signInToHome(pageB, b);
  await pageB.goto(`/voice-circles/${circle.id}/live`);

  for (const p of [page, pageB]) {
    const here = p.getByRole('list', { name: 'here now' });
    await expect(here).toContainText(`Iris${tag}`);
    await expect(here).toContainText(`Noor${tag}`);
    await expect(p.getByText('Step 2 of 3')).toBeVisible();
    await expect(p.getByText('Hum softly on a comfortable note')).toBeVisible();
  }
  // Same step and, within a second, the same time left.
  const left = await Promise.all(
    [page, pageB].map((p) => p.getByLabel('time left in this step').textContent()),
  );
  const secs = left.map((t) => {
    const [m, s] = (t ?? '0:0').split(':').map(Number);
    return (m ?? 0) * 60 + (s ?? 0);
  });
  expect(Math.abs((secs[0] ?? 0) - (secs[1] ?? 0))).toBeLessThanOrEqual(1);

  // Leaving is seen by the others.
  await context.close();
  await expect(page.getByRole('list', { name: 'here now' })).not.toContainText(`Noor${tag}`);
});
