import { fakeMicLaunch } from '../tuning/fake-mic';
import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';
import { api, shot } from './support';

test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

interface Stored {
  score: number;
  pitchMedianHz: number | null;
}

test('opting in uploads the browser history once and the cards then read the account', async ({
  page,
  request,
}) => {
  const member = await createOnboardedMember(request);
  const token = await accessTokenOf(request, member);
  await signInToHome(page, member);
  await page.goto('/tuning-room?sampleRate=48000');
  const keep = page.getByLabel('keep my voice scores in my account');
  await expect(keep).not.toBeChecked();

  // A recording with the fake microphone (a sung A3), kept in this browser while opted out.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.waitForTimeout(5500);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByTestId('analysis-complete')).toBeVisible();
  expect(await api<Stored[]>(request, 'get', '/api/voice-analyses', token)).toEqual([]);
  // Issue 30: the recording is practice all the same (its minutes, "First Sound"), the scores
  // staying in this browser.
  const practice = page.getByTestId('recording-practice');
  await expect(practice).toContainText('Recording saved as practice');
  await expect(practice.getByTestId('earned-badge').filter({ hasText: 'First Sound' })).toBeVisible();

  await keep.check();
  await expect(keep).toBeChecked();
  const stored = await api<Stored[]>(request, 'get', '/api/voice-analyses', token);
  expect(stored).toHaveLength(1);
  expect(Math.abs((stored[0]?.pitchMedianHz ?? 0) - 220)).toBeLessThan(7);
  await shot(page, 'tuning-opted-in');

  // Unticking and ticking again does not upload the same history twice.
  await keep.uncheck();
  await expect(keep).not.toBeChecked();
  await keep.check();
  await expect(keep).toBeChecked();
  expect(await api<Stored[]>(request, 'get', '/api/voice-analyses', token)).toHaveLength(1);

  // Another device: no browser history, but the account's summary shows.
  await page.evaluate(() => localStorage.removeItem('tuneful_voice_sessions'));
  await page.reload();
  await expect(page.getByTestId('summary-cards')).toContainText('1recording');
  await expect(page.getByTestId('summary-cards')).not.toContainText('1recordings');
});
