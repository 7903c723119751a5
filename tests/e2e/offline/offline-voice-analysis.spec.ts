import { countOf, expectOfflineWriteArrivesOnce, type OfflineWriteCase } from './offline-write';
import { fakeMicLaunch } from '../tuning/fake-mic';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 20: a voice analysis recorded offline in the tuning room by a member who keeps their
 * voice scores in their account, the page reloaded, listed in "Waiting to sync" and sent exactly
 * once when the network is back (the journey is offline-write.ts, as for the kinds in
 * offline-writes.spec.ts). The fake microphone sings 220 Hz (tuning/recorder.spec.ts); its own
 * file, as the microphone is a launch option.
 */
test.use({ ...offlineUse, launchOptions: fakeMicLaunch(), permissions: ['microphone'] });
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

const analysis: OfflineWriteCase = {
  // The member chose, online, to keep their voice scores in the account (a choice that is
  // refused offline, so it is made before).
  prepare: async (request, { token }) => {
    const res = await request.put('/api/voice-history-choice', {
      headers: { Authorization: `Bearer ${token}` },
      data: { keep: true },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    return '';
  },
  screen: '/tuning-room?sampleRate=48000',
  ready: (page) => page.getByLabel('keep my voice scores in my account').and(page.locator(':checked')),
  // Recorded offline: heard and analysed on the device, then saved to the account's outbox.
  make: async (page) => {
    await page.getByRole('button', { name: 'Start recording' }).click();
    // The fixture's voice ends at 5 s; the recording is stopped once it has been heard.
    await expect(page.getByTestId('recorder-timer')).toHaveText('0:05', { timeout: scaledTimeout(15_000) });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByTestId('analysis-complete')).toBeVisible();
  },
  listed: 'A voice analysis',
  count: (request, token) => countOf(request, token, '/api/voice-analyses'),
};

test('a voice analysis recorded offline is listed as waiting, survives a reload and arrives exactly once', async ({
  page,
  context,
  request,
}) => {
  await expectOfflineWriteArrivesOnce(page, context, request, analysis);
});
