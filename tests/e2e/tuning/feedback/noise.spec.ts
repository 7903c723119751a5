// Issue 20: see ./helpers.ts.
import { expect, test } from '../../support/fixtures';
import { absolutePath, fakeMicLaunch } from '../fake-mic';
import { NO_VOICE, PIN_48K, recordWholeFile } from './helpers';

test.use({
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/non-voice/noise-48k.wav')),
  permissions: ['microphone'],
});

test.describe('noise', () => {
  test('the tuning room says it could not hear a voice', async ({ page }) => {
    await page.goto(`/tuning-room${PIN_48K}`);
    await recordWholeFile(page, 4.5);
    await expect(page.getByTestId('not-heard')).toHaveText(NO_VOICE);
    await expect(page.getByTestId('not-heard')).toContainText('without a pitch');
    await expect(page.getByTestId('analysis-complete')).toHaveCount(0);
  });
});
