import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInNewMember } from '../listening/support';
import { fakeMicLaunch, screenshotPath } from '../tuning/fake-mic';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

// A fake microphone singing A3, granted without a prompt; autoplay for the spoken cues.
test.use({ launchOptions: fakeMicLaunch(), permissions: ['microphone'] });

interface DashboardBody {
  streaks: { current: number };
  user: { totalSessions: number; currentStreak: number; toneTokens: number };
}

async function dashboard(request: APIRequestContext, page: Page, token: string): Promise<DashboardBody> {
  const userId = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'));
    const raw = key ? localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as { user: { id: string } }).user.id : null;
  });
  const res = await request.get(`/api/users/${userId}/dashboard?tz=UTC`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as DashboardBody;
}

test.describe('template sessions', () => {
  test('library → preview → pause → skip → completion saves, earns tokens and starts a streak', async ({
    page,
    request,
  }) => {
    const { token } = await signInNewMember(page, request);
    expect((await dashboard(request, page, token)).user).toMatchObject({
      totalSessions: 0,
      currentStreak: 0,
      toneTokens: 0,
    });

    await page.clock.install();
    await page.goto('/library');
    const items = page.getByTestId('library-item');
    // The 20 seeded templates; the circles spec, sharing this server, adds its own
    // 'Circle warm-up' plans (category free) to the same catalogue.
    await expect(items.filter({ hasNotText: 'Circle warm-up' })).toHaveCount(20);
    await page.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(items).toHaveCount(5);
    await page.getByRole('button', { name: 'All' }).click();
    await page.screenshot({ path: screenshotPath('library.png'), fullPage: false });
    await items.filter({ hasText: 'Morning Voice Wake-Up' }).click();

    // Preview: title, description, minutes, difficulty, voice level, numbered steps with durations.
    await expect(page.getByRole('heading', { level: 1, name: 'Morning Voice Wake-Up' })).toBeVisible();
    await expect(page.getByText('7 minutes')).toBeVisible();
    await expect(page.getByText('Beginner', { exact: true })).toBeVisible();
    await expect(page.getByText('Beginner voice')).toBeVisible();
    const steps = page.getByTestId('preview-step');
    await expect(steps).toHaveCount(6);
    await expect(steps.first()).toContainText('1:00');
    await page.screenshot({ path: screenshotPath('template-preview.png'), fullPage: false });

    // Starting speaks the first step: its cue is fetched as MP3.
    const firstCue = page.waitForResponse((r) => r.url().endsWith('/cues/morning-voice-wake-up/1.mp3'));
    await page.getByRole('button', { name: 'Start Session' }).click();
    const cue = await firstCue;
    expect(cue.headers()['content-type']).toBe('audio/mpeg');
    // The spoken instruction decodes and plays: a clip of several seconds whose time moves on.
    const cueAudio = page.getByTestId('cue-audio');
    await expect
      .poll(() => cueAudio.evaluate((el) => (el as HTMLAudioElement).currentTime), {
        timeout: scaledTimeout(10_000),
      })
      .toBeGreaterThan(0.5);
    expect(await cueAudio.evaluate((el) => (el as HTMLAudioElement).duration)).toBeGreaterThan(4);
    await expect(page.getByTestId('step-of')).toHaveText('step 1 of 6');
    await expect(page.getByTestId('current-exercise')).toContainText('Stand or sit tall');
    await expect(page.getByTestId('countdown')).toHaveText(/^(1:00|0:5\d)$/);

    // The member's own voice, from the fake microphone through the analyser.
    await expect(page.getByTestId('voice-view')).toHaveAttribute('data-live', 'false');
    await expect(
      page.getByText('The microphone is off, so this wave is only resting.', { exact: false }),
    ).toBeVisible();
    await page.screenshot({ path: screenshotPath('template-idle.png'), fullPage: false });
    await page.getByRole('button', { name: 'Turn on microphone' }).click();
    await expect(page.getByTestId('voice-view')).toHaveAttribute('data-live', 'true');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: screenshotPath('template-active.png'), fullPage: false });

    // Paused: the countdown stands still.
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    expect(await cueAudio.evaluate((el) => (el as HTMLAudioElement).paused)).toBe(true);
    const frozen = await page.getByTestId('countdown').textContent();
    // A second and a half of the page's time, at once: a running countdown would have moved.
    await page.clock.runFor(1500);
    await expect(page.getByTestId('countdown')).toHaveText(frozen ?? '');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Paused', { exact: true })).toHaveCount(0);

    // Skipping moves to the next step with its full duration and plays its cue.
    const secondCue = page.waitForResponse((r) => r.url().endsWith('/cues/morning-voice-wake-up/2.mp3'));
    await page.getByRole('button', { name: 'Skip step' }).click();
    await secondCue;
    await expect(page.getByTestId('step-of')).toHaveText('step 2 of 6');
    await expect(page.getByTestId('countdown')).toHaveText(/^(1:00|0:5\d)$/);
    // Step 1's 60 s of the 405 s plan are covered (14%), plus whatever step 2 has run since.
    await expect(page.getByTestId('percent')).toHaveText(/^(1[4-9])% complete$/);

    // Half the plan (203 of 405 s) makes a session (issue 20): let three and a half minutes pass.
    await page.clock.fastForward('03:30');
    const reached = Number((await page.getByTestId('step-of').textContent())?.match(/step (\d) of 6/)?.[1]);
    expect(reached).toBeGreaterThan(2);
    // Skipping past the last step completes and saves the session.
    for (let n = reached + 1; n <= 6; n++) {
      await page.getByRole('button', { name: 'Skip step' }).click();
      await expect(page.getByTestId('step-of')).toHaveText(`step ${n} of 6`);
    }
    await page.getByRole('button', { name: 'Skip step' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Session Complete!' })).toBeVisible();
    await expect(page.getByText('Session completed!', { exact: true })).toBeVisible();
    await expect(page.getByTestId('tokens-earned')).toHaveText('+20 tone tokens');
    await page.screenshot({ path: screenshotPath('template-complete.png'), fullPage: false });

    expect((await dashboard(request, page, token)).user).toMatchObject({
      totalSessions: 1,
      currentStreak: 1,
      toneTokens: 20,
    });

    // The member's own dashboard on the profile shows it.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/profile');
    await expect(page.getByTestId('stat-tone-tokens')).toHaveText(/20/);
    await expect(page.getByTestId('stat-sessions')).toHaveText(/1/);
    await expect(page.getByTestId('stat-day-streak')).toHaveText(/1/);

    // The same template again today is a session but earns nothing more. (The page's clock
    // went 3.5 minutes ahead: back to the real time, or the server would see a save from the future.)
    await page.clock.setSystemTime(new Date());
    await page.goto('/session/1');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await page.clock.fastForward('03:30');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Session Complete!' })).toBeVisible();
    await expect(page.getByTestId('tokens-earned')).toContainText('already earned');
    expect((await dashboard(request, page, token)).user).toMatchObject({ totalSessions: 2, toneTokens: 20 });

    // Finished at once: partial practice, said so, and it is no session.
    await page.clock.setSystemTime(new Date());
    await page.goto('/session/1');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Partial practice' })).toBeVisible();
    await expect(page.getByTestId('tokens-earned')).toHaveText(
      /^Partial practice: 0:0\d of 6:45 — minutes saved, no tokens; practise at least half to earn the session\.$/,
    );
    await page.getByRole('link', { name: 'Back to library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    expect((await dashboard(request, page, token)).user).toMatchObject({ totalSessions: 2, toneTokens: 20 });
  });

  test('the countdown follows the clock, not timer ticks: time spent in a background tab is not lost', async ({
    page,
    request,
  }) => {
    await signInNewMember(page, request);
    await page.clock.install();
    await page.goto('/session/1');
    const start = page.getByRole('button', { name: 'Start Session' });
    await expect(start).toBeVisible();
    const t0 = Date.now() + 60_000;
    await page.clock.pauseAt(t0);
    await start.click();
    await expect(page.getByTestId('countdown')).toHaveText('1:00');
    // 75 s pass while no timer runs (a throttled background tab), then one tick.
    await page.clock.setSystemTime(t0 + 75_000);
    await page.clock.runFor(300);
    await expect(page.getByTestId('step-of')).toHaveText('step 2 of 6');
    await expect(page.getByTestId('countdown')).toHaveText('0:45');
  });

  test("a failed save shows the spec's destructive toast and can be retried", async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    // Only the deliberate 503 may reach the console.
    allowConsoleErrors(/status of 503/);
    const { token } = await signInNewMember(page, request);
    await page.route('**/api/sessions', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.clock.install();
    await page.goto('/session/2');
    await page.getByRole('button', { name: 'Start Session' }).click();
    await page.clock.fastForward('04:00');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Session Complete!' })).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to save session. Please try again.', { exact: true })).toBeVisible();
    expect((await dashboard(request, page, token)).user.totalSessions).toBe(0);

    await page.unroute('**/api/sessions');
    await page.getByRole('button', { name: 'Try saving again' }).click();
    await expect(page.getByText('Session completed!', { exact: true })).toBeVisible();
    expect((await dashboard(request, page, token)).user).toMatchObject({ totalSessions: 1, toneTokens: 20 });
  });

  test("an unknown or malformed template shows 'Session not found' with a way back to the library", async ({
    page,
    request,
    allowConsoleErrors,
  }) => {
    // The browser reports the expected 404 of /api/voice-sessions/9999 on the console; only that is allowed.
    allowConsoleErrors(/status of 404/);
    await signInNewMember(page, request);
    for (const path of ['/session/9999', '/session/abc']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to library' }).click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page.getByTestId('library-item').first()).toBeVisible();
  });
});
