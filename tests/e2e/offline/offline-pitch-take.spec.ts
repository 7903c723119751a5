import {
  countOf,
  expectOfflineWriteArrivesOnce,
  SAVED_OFFLINE,
  type OfflineWriteCase,
} from './offline-write';
import { fakeMicLaunch, loopingSungA3, voiceHistoryAround } from '../tuning/fake-mic';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test } from './support';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 20: a pitch-matching take sung offline, the page reloaded, listed in "Waiting to sync"
 * and sent exactly once when the network is back (the journey is offline-write.ts, as for the
 * kinds in offline-writes.spec.ts). The fake microphone sings 220 Hz, as in
 * tuning/match-the-note.spec.ts; its own file, as the microphone is a launch option.
 */

/** Earlier recordings around F3: the one-note exercise is placed on A3, the fake voice's note. */
const F3_HISTORY = voiceHistoryAround(174.61);

test.use({
  ...offlineUse,
  launchOptions: fakeMicLaunch(loopingSungA3(), { loop: true }),
  permissions: ['microphone'],
});
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

const take: OfflineWriteCase = {
  screen: '/tuning-room?sampleRate=48000',
  open: async (page) => {
    await page.evaluate((history) => localStorage.setItem('tuneful_voice_sessions', history), F3_HISTORY);
    await page.reload();
    await page.getByRole('button', { name: 'match the note' }).click();
    await expect(page.getByTestId('match-the-note').getByTestId('target-notes')).toHaveText('A3');
  },
  ready: (page) => page.getByTestId('match-the-note').getByRole('button', { name: 'Sing it' }),
  // The whole take is sung offline: it is heard and scored on the device, and saved when it ends.
  make: async (page) => {
    const match = page.getByTestId('match-the-note');
    await match.getByRole('button', { name: 'Sing it' }).click();
    await expect(match.getByTestId('note-result')).toBeVisible({ timeout: scaledTimeout(15_000) });
    await expect(match.getByText(SAVED_OFFLINE, { exact: true })).toBeVisible();
  },
  listed: 'A pitch-matching result',
  count: (request, token) => countOf(request, token, '/api/pitch-exercises/results'),
};

test('a pitch-matching take sung offline is listed as waiting, survives a reload and arrives exactly once', async ({
  page,
  context,
  request,
}) => {
  await expectOfflineWriteArrivesOnce(page, context, request, take);
});
