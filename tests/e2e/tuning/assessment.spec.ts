import { expect, test } from '../support/fixtures';
import { accessTokenOf, createOnboardedMember, signInToHome } from '../support/members';
import { absolutePath, fakeMicLaunch, screenshotPath } from './fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Issue 21: a member takes the voice assessment with a (fake) microphone and sees it on voice
 * health. The microphone plays fixtures/voice/e2e-assessment-ah-48k.wav for every take: 0.5 s
 * of silence, 4.2 s of a real sustained /a/ (Praat's aaaa02 test sound, see the fixtures
 * README) and 1.5 s of silence. Every step hears that "ah" (the reading too: it is voiced
 * speech to the method). The engine gives AVQI 3.03 for the file's own trimmed takes in Node
 * (dsp/assessment.ts), above the 2.43 boundary; the browser's takes start and end a little
 * differently, hence the tolerance.
 */
const NODE_AVQI = 3.03;

test.use({
  launchOptions: fakeMicLaunch(absolutePath('fixtures/voice/e2e-assessment-ah-48k.wav')),
  permissions: ['microphone'],
});

test('a member takes the voice assessment on the device and sees it on voice health', async ({
  page,
  request,
}) => {
  test.setTimeout(scaledTimeout(120_000));
  const member = await createOnboardedMember(request);
  await signInToHome(page, member);
  // Audio never leaves the device: no request the page sends carries more than a few numbers.
  const bodies: number[] = [];
  page.on('request', (r) => bodies.push(r.postDataBuffer()?.length ?? 0));

  await page.goto('/voice-health-insights');
  await page.getByRole('link', { name: 'start voice assessment' }).click();
  const check = page.getByTestId('assessment-check');
  await expect(check.getByText('step 1 of 3')).toBeVisible();
  await expect(check.getByRole('meter', { name: 'microphone level' })).toBeVisible();

  // Each step starts with "Record" and ends by itself.
  await check.getByRole('button', { name: 'Record' }).click();
  await expect(check.getByText('step 2 of 3')).toBeVisible({ timeout: scaledTimeout(20_000) });
  await expect(check.getByTestId('standard-sentence')).toContainText('When the sunlight strikes raindrops');
  await page.screenshot({ path: screenshotPath('assessment-step-sentence.png'), fullPage: true });
  await check.getByRole('button', { name: 'Record' }).click();
  await expect(check.getByText('step 3 of 3')).toBeVisible({ timeout: scaledTimeout(20_000) });
  await check.getByRole('button', { name: 'Record' }).click();

  const result = page.getByTestId('assessment-result');
  await expect(result).toBeVisible({ timeout: scaledTimeout(60_000) });
  const avqi = Number((await result.getByTestId('avqi-value').textContent())?.replace('AVQI', ''));
  expect(Math.abs(avqi - NODE_AVQI)).toBeLessThanOrEqual(0.6);
  await expect(result.getByTestId('avqi-side')).toContainText(
    avqi > 2.43 ? 'Above 2.43' : 'At or below 2.43',
  );
  // Plain words before the number (issue 31).
  await expect(result.getByTestId('avqi-words')).toContainText(
    avqi > 2.43 ? 'hoarse or breathy today' : 'clear today',
  );
  await expect(result.getByTestId('measure-mptSeconds')).toContainText(/\b4\.\d s/);
  await expect(result).toContainText('not a diagnosis');
  await page.screenshot({ path: screenshotPath('assessment-result.png'), fullPage: true });

  await result.getByRole('button', { name: 'save to my voice health' }).click();
  await expect(result.getByTestId('assessment-saved')).toContainText('Saved to your voice health.');
  await result.getByRole('link', { name: 'see voice health' }).click();
  await expect(page.getByTestId('health-score')).toContainText(avqi.toFixed(2));
  await expect(page.getByTestId('metric-resonanceLevel')).toContainText('not measured yet');

  const token = await accessTokenOf(request, member);
  const stored = (await (
    await request.get('/api/voice-assessments', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { avqi: number; engineVersion: string }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]?.avqi.toFixed(2)).toBe(avqi.toFixed(2));
  expect(stored[0]?.engineVersion).toMatch(/avqi/);
  expect(Math.max(...bodies)).toBeLessThan(4000);
});
