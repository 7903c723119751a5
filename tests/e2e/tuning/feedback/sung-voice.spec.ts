// Issue 20: see ./helpers.ts.
import { expect, test } from '../../support/fixtures';
import { signInNewMember } from '../../listening/support';
import { fakeMicLaunch, screenshotPath } from '../fake-mic';
import { templateSessionListening } from './helpers';

test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

test.describe('a sung voice', () => {
  test('the template player ends with voice advice from the same table as the tuning room', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await templateSessionListening(page, 5.5);
    const voice = page.getByTestId('session-voice-feedback');
    await expect(voice).toHaveAttribute('data-heard', 'voice');
    // The fixture is a clear, steady sung A3 (the engine scores it green).
    await expect(voice.getByTestId('feedback-headline')).toHaveText(/^Beautiful work|^Lovely progress/);
    await page.screenshot({ path: screenshotPath('feedback-template-voice.png'), fullPage: true });
  });
});
