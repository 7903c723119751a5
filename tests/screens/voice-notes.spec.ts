import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../e2e/support/fixtures';
import { reachLevel } from '../e2e/support/levels';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../e2e/support/members';
import { settle } from '../e2e/shell/support';

/**
 * Screenshots at 390x844 of voice notes and the Echoverse in the states the e2e tests do not
 * reach (locked, a note only in the account, a share hidden by reports), and of the links that
 * lead there: `npm run screens` writes .tmp/screens/vn-*.png. Asserts nothing a test does not.
 */
test.describe.configure({ timeout: 300_000 });

const memberId = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

function demoAudio(bytes: number): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'storage/audio');
  const file = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('.mp3'));
  return fs
    .readFileSync(path.join(dir, file ?? ''))
    .subarray(0, bytes)
    .toString('base64');
}

test('voice notes and the Echoverse, at phone size', async ({ page, request }) => {
  const shot = (name: string) => page.screenshot({ path: `.tmp/screens/vn-${name}.png`, fullPage: true });

  const newcomer = await createOnboardedMember(request, { firstName: 'Nell' });
  await signInToHome(page, newcomer);
  for (const [name, url] of [
    ['locked-voice-notes', '/voice-notes'],
    ['locked-echoverse', '/echoverse'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByTestId('feature-locked')).toBeVisible();
    await shot(name);
  }

  const rosa = await createOnboardedMember(request, { firstName: 'Rosa' });
  const token = await accessTokenOf(request, rosa);
  reachLevel(memberId(token), 7);
  const auth = { Authorization: `Bearer ${token}` };
  const note = {
    id: crypto.randomUUID(),
    title: 'Warm-up from my phone',
    recordedAt: new Date(Date.now() - 60_000).toISOString(),
    durationMs: 40_000,
    mimeType: 'audio/mpeg',
    audio: demoAudio(240_000),
  };
  expect((await request.post('/api/voice-notes', { headers: auth, data: note })).status()).toBe(201);
  const share = await request.post('/api/echoverse', {
    headers: auth,
    data: {
      voiceNoteId: crypto.randomUUID(),
      title: 'Evening siren',
      durationMs: 8000,
      mimeType: 'audio/mpeg',
      audio: demoAudio(48_000),
    },
  });
  const shareId = ((await share.json()) as { id: string }).id;
  // Three members report it, as the Echoverse hides a note.
  for (const name of ['Ada', 'Bo', 'Cy']) {
    const reporter = await createOnboardedMember(request, { firstName: name });
    const bearer = await accessTokenOf(request, reporter);
    reachLevel(memberId(bearer), 7);
    const res = await request.post(`/api/echoverse/${shareId}/report`, {
      headers: { Authorization: `Bearer ${bearer}` },
      data: { reason: 'Too loud' },
    });
    expect(res.status()).toBe(200);
  }

  await signInToHome(page, rosa);
  await page.goto('/voice-notes');
  await expect(page.getByTestId('voice-note')).toHaveCount(1);
  await settle(page);
  await shot('account-note');
  await page.goto('/echoverse');
  await expect(page.getByTestId('my-share')).toContainText('Hidden until we review it');
  await settle(page);
  await shot('echoverse-hidden-share');
  await page.goto('/community');
  await settle(page);
  await page.screenshot({ path: '.tmp/screens/vn-community-link.png' });
  await page.goto('/tuning-room');
  await settle(page);
  await page.screenshot({ path: '.tmp/screens/vn-tuning-room-link.png' });
  await page.goto('/profile');
  await page.getByRole('link', { name: 'voice notes' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/vn-profile-link.png' });
});
