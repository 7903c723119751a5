import { expect, test } from '../support/fixtures';

// The browser refuses the microphone, as when a member taps "Block".
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
});

test.describe('microphone denied', () => {
  test('the tuning-room recorder shows the permission message in a red box and stays ready', async ({
    page,
  }) => {
    await page.goto('/tuning-room');
    await page.getByRole('button', { name: 'Start recording' }).click();
    const box = page.getByTestId('recorder-error');
    await expect(box).toContainText('Could not access microphone. Please check permissions.');
    await expect(box).toContainText('not allowed');
    await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    await expect(page.getByTestId('recorder-timer')).toHaveText('0:00');
  });

  test('/voice-analysis shows its own microphone failure message', async ({ page }) => {
    await page.goto('/voice-analysis');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('recorder-error')).toContainText(
      'Failed to access microphone. Please check permissions.',
    );
  });

  test('a browser without Web Audio gets the unsupported message', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'AudioWorkletNode', { value: undefined });
    });
    await page.goto('/tuning-room');
    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByTestId('recorder-error')).toContainText(
      'Web Audio API not supported in this browser',
    );
  });
});
