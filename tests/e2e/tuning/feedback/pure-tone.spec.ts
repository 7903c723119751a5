// Issue 20: see ./helpers.ts.
import { expect, test } from '../../support/fixtures';
import { signInNewMember } from '../../listening/support';
import { absolutePath, fakeMicLaunch, screenshotPath } from '../fake-mic';
import { NO_VOICE, PIN_48K, templateSessionListening } from './helpers';
import { scaledTimeout } from '../../../../scripts/lib/machine-speed.mjs';

test.use({
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/non-voice/sine-440hz-48k.wav')),
  permissions: ['microphone'],
});

test.describe('a pure tone', () => {
  test('the tuning room says it could not hear a voice, live and at the end, and scores nothing', async ({
    page,
  }) => {
    await page.goto(`/tuning-room${PIN_48K}`);
    await page.getByRole('button', { name: 'Start recording' }).click();
    // Issue 30: live, the same rule as the end: no "score so far", no "in tune", but words.
    await expect(page.getByTestId('live-heard')).toHaveText(/steady electronic tone, not a voice/, {
      timeout: scaledTimeout(10_000),
    });
    await expect(page.getByTestId('live-score')).toHaveText('–');
    await expect(page.getByText('in tune')).toHaveCount(0);
    // The tone ends (the file's last second is silence), then the recording stops.
    await expect(page.getByTestId('live-pitch')).toHaveAttribute('data-hz', '', {
      timeout: scaledTimeout(10_000),
    });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeVisible();
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
