// Issue 20: see ./helpers.ts.
import { expect, test } from '../../support/fixtures';
import { absolutePath, fakeMicLaunch, screenshotPath } from '../fake-mic';
import { GENTLE, PIN_48K, TOO_LOUD, recordWholeFile } from './helpers';

test.use({
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/e2e-clipped-speech-48k.wav')),
  permissions: ['microphone'],
});

test.describe('speech recorded far too loud', () => {
  test('the tuning room says "too loud for the microphone" and never "very gentle" with it', async ({
    page,
  }) => {
    await page.goto(`/tuning-room${PIN_48K}`);
    await recordWholeFile(page, 5);
    const card = page.getByTestId('analysis-complete');
    await expect(card.getByRole('heading', { name: 'voice analysis complete' })).toBeVisible();
    await expect(card.getByTestId('feedback-tips')).toContainText(TOO_LOUD);
    const shown = `${await card.getByTestId('feedback-headline').textContent()} ${await card
      .getByTestId('feedback-tips')
      .textContent()}`;
    expect(shown).not.toMatch(GENTLE);
    // The coaching tips come from the same table and the same analysis.
    await expect(page.getByTestId('coaching-tips').locator('li').last()).toContainText(
      'Gentle Voice Recovery',
    );
    await page.screenshot({ path: screenshotPath('feedback-clipped.png'), fullPage: true });
  });
});
