import fs from 'node:fs';
import path from 'node:path';
import { all, parseIcs, value } from '../../../server/api/reminders/test-ics-parse';
import { expect, test } from '../support/fixtures';
import { reachLevel } from '../support/levels';
import { createOnboardedMember, signInToHome } from '../support/members';

/**
 * Practice reminders (tier feature, level 3) in the browser: the settings kept across a reload,
 * the calendar feed they produce, and an e-mail's test and its stop link. The sending itself
 * (push, e-mail at the chosen time, retries, one send per cluster) is tested in-process in
 * server/api/reminders/scheduler.test.ts; the service worker's handlers in src/sw/push.test.ts.
 */
test.use({ timezoneId: 'Europe/London' });

const idOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

test('a level-3 member sets reminders, finds them kept after a reload, and downloads a calendar feed that means the same', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  reachLevel(idOf(await signInToHome(page, member)), 3);
  await page.goto('/reminders');
  // The dashboard saved at sign-in (level 1) may show the locked card for a moment, with its own
  // 'practice reminders' heading, until the fresh read says level 3.
  await expect(page.getByTestId('feature-locked')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'practice reminders' })).toBeVisible();
  await expect(page.getByTestId('reminder-zone')).toContainText('Times are in your time zone');
  await page.getByRole('button', { name: 'Saturday' }).click();
  await page.getByRole('button', { name: 'Friday' }).click();
  await page.getByLabel('time', { exact: true }).fill('07:45');
  await page.getByLabel(/an e-mail/).check();
  await page.getByLabel(/an event in my calendar/).check();
  await page.getByRole('button', { name: 'save reminders' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByTestId('reminders-next')).toContainText(/Next reminder: .* at 07:45\./);
  await page.screenshot({ path: 'test-results/reminders.png', fullPage: true });

  await page.reload();
  await expect(page.getByRole('button', { name: 'Saturday' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Friday' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByLabel('time', { exact: true })).toHaveValue('07:45');
  await expect(page.getByLabel(/an e-mail/)).toBeChecked();
  await expect(page.getByTestId('reminder-zone')).toContainText('Europe/London');
  const address = page.getByLabel(/your calendar address/);
  await expect(address).toHaveValue(/\/api\/reminders\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'download the calendar file' }).click();
  const file = await (await download).path();
  const cal = parseIcs(fs.readFileSync(file, 'utf8'));
  const event = all(cal, 'VEVENT')[0]!;
  expect(value(event, 'RRULE')).toBe('FREQ=WEEKLY;WKST=MO;BYDAY=MO,TU,WE,TH,SA');
  expect(event.props.find((p) => p.name === 'DTSTART')).toMatchObject({
    params: { TZID: 'Europe/London' },
    value: expect.stringMatching(/T074500$/),
  });
  expect(value(all(event, 'VALARM')[0]!, 'ACTION')).toBe('DISPLAY');
});

test("a test reminder says what happened, and the e-mail's stop link asks before it stops reminder e-mails", async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await signInToHome(page, member);
  reachLevel(idOf(token), 3);
  const saved = await request.put('/api/reminders', {
    headers: { Authorization: `Bearer ${token}` },
    data: { days: ['mon', 'wed', 'fri'], time: '18:00', topics: ['recommendation'], channels: ['email'] },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/reminders');
  await page.getByRole('button', { name: 'send me a test reminder' }).click();
  await expect(page.getByRole('status', { name: 'what happened' })).toContainText(/E-mail (sent|written)/);

  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const mail = fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .find((m) => m.includes(`To: ${member.email}`) && m.includes('Subject: Test reminder'));
  expect(mail, 'the test reminder mail').toBeDefined();
  expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const stop = new URL(/Stop reminder e-mails: (\S+)/.exec(mail!)![1]!);

  await page.goto(stop.pathname + stop.search);
  await expect(page.getByText(/Stop practice reminder e-mails to/)).toBeVisible();
  // Opening the link changed nothing: opened again, it still asks.
  await page.reload();
  await page.getByRole('button', { name: 'stop reminder e-mails' }).click();
  await expect(page.getByRole('status')).toContainText('No more reminder e-mails');
  await page.getByRole('link', { name: 'reminder settings' }).click();
  await expect(page.getByLabel(/an e-mail/)).not.toBeChecked();
});
