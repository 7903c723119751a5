// Issue 20: see ./helpers.ts.
import { expect, test } from '../../support/fixtures';
import { signInNewMember } from '../../listening/support';
import { absolutePath, fakeMicLaunch, screenshotPath } from '../fake-mic';
import { NO_VOICE, PIN_48K, recordWholeFile, templateSessionListening } from './helpers';

test.use({
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/non-voice/sine-440hz-48k.wav')),
  permissions: ['microphone'],
});

test.describe('a pure tone', () => {
  test('the tuning room says it could not hear a voice, and scores nothing', async ({ page }) => {
    await page.goto(`/tuning-room${PIN_48K}`);
    await recordWholeFile(page, 4.5);
    await expect(page.getByTestId('not-heard')).toHaveText(NO_VOICE);
    await expect(page.getByTestId('not-heard')).toContainText('steady electronic tone');
    await expect(page.getByTestId('analysis-complete')).toHaveCount(0);
    await expect(page.getByTestId('summary-cards')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('feedback-tone.png'), fullPage: true });
  });

  test('the template player ends with "We could not hear a voice" instead of voice advice', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await templateSessionListening(page, 4.5);
    const voice = page.getByTestId('session-voice-feedback');
    await expect(voice.getByTestId('feedback-headline')).toHaveText(NO_VOICE);
    await expect(voice.getByTestId('feedback-tips')).toHaveCount(0);
  });
});
