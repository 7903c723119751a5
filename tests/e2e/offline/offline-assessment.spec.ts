import {
  countOf,
  expectOfflineWriteArrivesOnce,
  SAVED_OFFLINE,
  type OfflineWriteCase,
} from './offline-write';
import { absolutePath, fakeMicLaunch } from '../tuning/fake-mic';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 20: a voice assessment result saved offline, its screen left, the page reloaded, listed
 * in "Waiting to sync" and sent exactly once when the network is back (the journey is
 * offline-write.ts, as for the kinds in offline-writes.spec.ts). The fake microphone plays the
 * sustained /a/ of tuning/assessment.spec.ts; its own file, as the microphone is a launch option.
 */
test.use({
  ...offlineUse,
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/e2e-assessment-ah-48k.wav')),
  permissions: ['microphone'],
});
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

const assessment: OfflineWriteCase = {
  screen: '/voice-health-insights',
  // The three takes are recorded and analysed online; only the save is made offline (the
  // member chooses when to save, and the analysis never needs the network anyway).
  open: async (page) => {
    await page.getByRole('link', { name: 'start voice assessment' }).click();
    const check = page.getByTestId('assessment-check');
    for (const next of ['step 2 of 3', 'step 3 of 3', null]) {
      await check.getByRole('button', { name: 'Record' }).click();
      if (next) await expect(check.getByText(next)).toBeVisible({ timeout: scaledTimeout(20_000) });
    }
  },
  ready: (page) =>
    page.getByTestId('assessment-result').getByRole('button', { name: 'save to my voice health' }),
  make: async (page) => {
    const result = page.getByTestId('assessment-result');
    await result.getByRole('button', { name: 'save to my voice health' }).click();
    await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
    await expect(result.getByTestId('assessment-saved')).toContainText(
      'Saved on this device: it is sent to your account when you are back online.',
    );
    // The result screen is left: the write lives in the outbox, not in the screen.
    await result.getByRole('link', { name: 'see voice health' }).click();
    await expect(result).toHaveCount(0);
  },
  listed: 'A voice assessment',
  count: (request, token) => countOf(request, token, '/api/voice-assessments'),
};

test('a voice assessment saved offline is listed as waiting, survives a reload and arrives exactly once', async ({
  page,
  context,
  request,
}) => {
  await expectOfflineWriteArrivesOnce(page, context, request, assessment);
});
