import { expect, test } from '../support/fixtures';
import { reachLevel } from '../support/levels';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';
import { fakeMicLaunch, loopingSungA3, screenshotPath } from '../tuning/fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

// The microphone sings for the whole take, however late the recorder starts.
test.use({ launchOptions: fakeMicLaunch(loopingSungA3(), { loop: true }), permissions: ['microphone'] });

const memberId = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

test('a member records a voice note from the profile, hears it, keeps it in the account and shares it', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request, { firstName: 'Rosa' });
  const token = await accessTokenOf(request, member);
  reachLevel(memberId(token), 7);
  await signInToHome(page, member);

  // From the profile, as a member finds it.
  await page.goto('/profile');
  await page
    .getByRole('navigation', { name: 'more of your practice' })
    .getByRole('link', { name: 'voice notes' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'voice notes' })).toBeVisible();
  await expect(page.getByText('No voice notes yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Start recording' }).click();
  const meter = page.getByRole('meter', { name: 'microphone level' });
  await expect
    .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: scaledTimeout(10_000) })
    .toBeGreaterThan(20);
  await expect(page.getByTestId('note-clock')).toContainText('0:02', { timeout: scaledTimeout(10_000) });
  await page.screenshot({ path: screenshotPath('voice-notes-recording.png') });
  await page.getByRole('button', { name: 'Stop recording' }).click();

  // Heard back, titled, saved on this device.
  const review = page.getByTestId('note-review');
  // It plays to its end: the button turns to pause, then back to play when the take has ended.
  await review.getByRole('button', { name: 'play your new note' }).click();
  await expect(review.getByRole('button', { name: 'pause your new note' })).toBeVisible();
  await expect(review.getByRole('button', { name: 'play your new note' })).toBeVisible({
    timeout: scaledTimeout(10_000),
  });
  await review.getByLabel('title').fill('Tuesday hum');
  await page.screenshot({ path: screenshotPath('voice-notes-review.png') });
  await review.getByRole('button', { name: 'save on this device' }).click();

  const note = page.getByTestId('voice-note').filter({ hasText: 'Tuesday hum' });
  await expect(note.getByTestId('note-where')).toHaveText('on this device only');
  await note.getByRole('button', { name: 'keep in my account' }).click();
  await expect(note.getByTestId('note-where')).toHaveText('on this device and in your account');
  const kept = await request.get('/api/voice-notes', { headers: { Authorization: `Bearer ${token}` } });
  const notes = ((await kept.json()) as { notes: { title: string; durationMs: number }[] }).notes;
  expect(notes).toEqual([expect.objectContaining({ title: 'Tuesday hum' })]);
  expect(notes[0]!.durationMs).toBeGreaterThanOrEqual(2000);

  await note.getByRole('button', { name: 'share to the Echoverse: Tuesday hum' }).click();
  const dialog = page.getByRole('dialog', { name: 'share to the Echoverse' });
  await expect(dialog.getByTestId('share-preview')).toContainText('Rosa · Tuesday hum');
  await page.screenshot({ path: screenshotPath('voice-notes-share.png') });
  await dialog.getByRole('button', { name: 'share', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(note.getByTestId('note-where')).toContainText('shared in the Echoverse');
  await page.screenshot({ path: screenshotPath('voice-notes-list.png'), fullPage: true });
});
