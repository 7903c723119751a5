import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectAudioPlaying, player, signInNewMember } from '../listening/support';

/**
 * First sound (issue 20). The tap on "begin today's journey" starts the recommended session, and
 * everything the player needs has been fetched while home showed the card (the player's code,
 * both signed URLs; the session row home already had): after the tap the player asks the server
 * for nothing before it plays. Timings are measured by `npm run bench:server`, not here.
 *
 * No `--autoplay-policy` exemption here (the listening specs use one): a member's browser only
 * lets the player start because the tap was a gesture, and so must this one.
 */

/** Signs a new member in to home; resolves once home has signed its recommendation's voice URL. */
async function onPreparedHome(page: Page, request: APIRequestContext) {
  const signed: string[] = [];
  page.on('response', (res) => {
    if (res.request().method() === 'POST' && /\/storage\/v1\/object\/sign\/.+-voice\.mp3$/.test(res.url()))
      signed.push(res.url());
  });
  await signInNewMember(page, request);
  const begin = page.getByRole('button', { name: "begin today's journey" });
  await expect(begin).toBeEnabled();
  await expect.poll(() => signed.length, { message: 'home signs the voice URL while it shows' }).toBe(1);
  await page.waitForLoadState('networkidle');
  return begin;
}

test('the tap on "begin today\'s journey" plays the recommended session', async ({ page, request }) => {
  const begin = await onPreparedHome(page, request);
  const title = (await page.getByTestId('recommendation-title').textContent()) ?? '';
  await begin.click();
  await expect(player(page).getByRole('heading', { name: title })).toBeVisible();
  await expect(player(page)).toHaveAttribute('data-mode', 'vocal');
  await expectAudioPlaying(page);
  // The voice version of that very session: the file of the URL home signed.
  const src = await page.getByTestId('player-audio').evaluate((el) => (el as HTMLAudioElement).src);
  expect(src).toMatch(/\/storage\/v1\/object\/sign\/audio\/.+-voice\.mp3\?token=/);
});

test('after the tap the player fetches no code, no session row and no signed URL before it plays', async ({
  page,
  request,
}) => {
  const begin = await onPreparedHome(page, request);
  const afterTap: Request[] = [];
  page.on('request', (r) => afterTap.push(r));
  await begin.click();
  await expectAudioPlaying(page);
  const asked = afterTap.map((r) => `${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
  expect(
    asked.filter((r) => /\/assets\/.*\.js$/.test(r)),
    'player code',
  ).toEqual([]);
  expect(
    asked.filter((r) => /\/rest\/v1\/sessions\?.*id=eq\./.test(r)),
    'the session row',
  ).toEqual([]);
  expect(
    asked.filter((r) => r.startsWith('POST /storage/v1/object/sign/')),
    'signed URLs',
  ).toEqual([]);
});

test('a member who taps before home has prepared anything still hears the session', async ({
  page,
  request,
}) => {
  await signInNewMember(page, request);
  // A fresh load of home, tapped as soon as the button is enabled: the player does the work itself.
  await page.goto('/home');
  const begin = page.getByRole('button', { name: "begin today's journey" });
  await expect(begin).toBeEnabled();
  await begin.click();
  await expectAudioPlaying(page);
});
