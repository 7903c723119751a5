import { expect, test } from '../support/fixtures';
import { createConfirmedMember, signIn } from '../support/members';
import config from '../../../playwright.config';

// Chromium's fake microphone, granted without a prompt, so the permission step runs for real.
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test('the wizard enables the microphone and releases it at once', async ({ page, request }) => {
  const member = await createConfirmedMember(request, { firstName: 'Rui' });
  await signIn(page, member);
  await page.goto('/onboarding');
  await page.evaluate(() => {
    // Count live tracks: the step must stop what it opened.
    const w = window as unknown as { liveTracks: MediaStreamTrack[] };
    w.liveTracks = [];
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (c) => {
      const stream = await original(c);
      w.liveTracks.push(...stream.getTracks());
      return stream;
    };
  });
  const cont = page.getByRole('button', { name: 'Continue' });
  await cont.click();
  for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'Skip this step' }).click();
  await expect(page.getByRole('heading', { name: 'Let your voice be heard' })).toBeVisible();
  await page.getByRole('button', { name: 'Enable Microphone' }).click();
  await expect(page.getByText('Microphone Enabled')).toBeVisible();
  const states = await page.evaluate(() =>
    (window as unknown as { liveTracks: MediaStreamTrack[] }).liveTracks.map((t) => t.readyState),
  );
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((s) => s === 'ended')).toBe(true);
});
