import type { APIRequestContext, Page } from '@playwright/test';
import {
  countOf,
  expectOfflineWriteArrivesOnce,
  SAVED_OFFLINE,
  type OfflineWriteCase,
} from './offline-write';
import { signInNewMember, type SignedInMember } from '../listening/support';
import { accessTokenOf, createConfirmedMember, createOnboardedMember, signIn } from '../support/members';
import { expect, OFFLINE_TIMEOUT_MS, offlineUse, test, waitForServiceWorker } from './support';

test.use(offlineUse);
test.describe.configure({ timeout: OFFLINE_TIMEOUT_MS });

/**
 * Issue 20: every write a member can make offline waits in the outbox, is listed in "Waiting to
 * sync" across a reload, and arrives exactly once when the network is back. One case per kind;
 * the journey itself is in offline-write.ts.
 */

/** Saves the open dialog offline, sees it kept on the device, and closes the dialog at once. */
async function saveOffline(page: Page, dialogName: string, save: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: save }).click();
  await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const SHARED_TEXT = 'Shared from a train with no signal.';
/** The other member whose completion is echoed (a name no other test uses). */
const OTHER = `Echoee${Date.now() % 100_000}`;
const othersPulse = (page: Page) => page.getByTestId('pulse-item').filter({ hasText: `${OTHER} completed` });

/** A member who has not answered the questionnaire yet: a sign-in lands on it. */
async function signInNotOnboarded(page: Page, request: APIRequestContext): Promise<SignedInMember> {
  const member = await createConfirmedMember(request);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/onboarding-story$/);
  return { member, token: await accessTokenOf(request, member) };
}

/**
 * The onboarding answer is one record per member, not a row: a second arrival would stamp it
 * again, so how many arrived is how many times the server has shown it stamped in `state`.
 */
function onboardingStamps(state: 'completed' | 'skipped') {
  const stamps = new Set<string>();
  return async (request: APIRequestContext, token: string) => {
    const res = await request.get('/api/onboarding', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok(), `/api/onboarding: ${res.status()}`).toBeTruthy();
    const record = (await res.json()) as {
      state: string;
      answers: { answers?: { voice_goals?: string[] } } | null;
      updatedAt: string | null;
    };
    const answered = state === 'skipped' || record.answers?.answers?.voice_goals?.includes('Feel calmer');
    if (record.state === state && answered && record.updatedAt) stamps.add(record.updatedAt);
    return stamps.size;
  };
}

const onboardingAnswers = (): OfflineWriteCase => ({
  signIn: signInNotOnboarded,
  screen: '/onboarding-story',
  ready: (page) => page.getByRole('button', { name: "Let's Begin" }),
  make: async (page) => {
    await page.getByRole('button', { name: "Let's Begin" }).click();
    const next = page.getByRole('button', { name: 'Next' });
    await page.getByRole('button', { name: 'Feel calmer' }).click();
    await next.click();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByRole('button', { name: 'Evening', exact: true }).click();
    await next.click();
    await page.getByRole('button', { name: 'Calm', exact: true }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    // The member goes on into the app at once; the answers wait in the outbox.
    await expect(page).toHaveURL(/\/(intro|home)$/);
  },
  listed: 'Your onboarding answers',
  count: onboardingStamps('completed'),
});

const onboardingSkip = (): OfflineWriteCase => ({
  signIn: signInNotOnboarded,
  screen: '/onboarding-story',
  ready: (page) => page.getByRole('button', { name: 'Skip for Now' }),
  make: async (page) => {
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await expect(page).toHaveURL(/\/(intro|home)$/);
  },
  listed: 'Skipping the questionnaire',
  count: onboardingStamps('skipped'),
});

/**
 * A class's only count is its view count, shared by every member: this class is one no other
 * spec opens (they open the first card and "Steady Under Pressure"), so nothing else moves it.
 */
const QUIET_CLASS = 'Echo Games';
const quietClassCard = (page: Page) => page.getByTestId('class-card').filter({ hasText: QUIET_CLASS });

const cases: Record<string, OfflineWriteCase> = {
  "a new member's onboarding answers": onboardingAnswers(),
  "a new member's skipping of the questionnaire": onboardingSkip(),
  'a mood entry': {
    screen: '/wellness',
    ready: (page) => page.getByText('No mood data yet'),
    make: async (page) => {
      await page.getByRole('button', { name: 'Track Your Mood' }).click();
      await page.getByRole('dialog', { name: 'Track Your Mood' }).getByLabel('Mood').fill('8');
      await saveOffline(page, 'Track Your Mood', 'Save mood');
      // Shown at once in the list, marked as waiting, before the server has it.
      await page.getByRole('tab', { name: 'Mood' }).click();
      await expect(page.getByTestId('mood-entry').first()).toContainText('Mood 8/10');
      await expect(page.getByTestId('mood-entry').first()).toContainText('Waiting to sync');
    },
    listed: 'A mood entry',
    count: (request, token) => countOf(request, token, '/api/mood-tracking'),
  },
  'a biometric reading': {
    screen: '/wellness',
    ready: (page) => page.getByText('No biometric data yet'),
    make: async (page) => {
      await page.getByRole('button', { name: 'Add Biometric Data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Biometric Data' });
      await dialog.getByLabel('Data type').selectOption({ label: 'Sleep quality' });
      await dialog.getByLabel('Value').fill('7');
      await saveOffline(page, 'Add Biometric Data', 'Save');
      await page.getByRole('tab', { name: 'Vitals' }).click();
      await expect(page.getByTestId('vital-entry').first()).toContainText('Waiting to sync');
    },
    listed: 'A biometric reading',
    count: (request, token) => countOf(request, token, '/api/biometric-data'),
  },
  'a voice goal': {
    screen: '/voice-health-insights',
    ready: (page) => page.getByRole('tab', { name: 'goals' }),
    make: async (page) => {
      await page.getByRole('tab', { name: 'goals' }).click();
      await page.getByRole('button', { name: 'set new goal' }).click();
      await page.getByLabel('metric').selectOption('tonalClarity');
      await page.getByLabel('target date').fill('2030-06-30');
      await page.getByRole('button', { name: 'save goal' }).click();
      await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('form', { name: 'new goal' })).toHaveCount(0);
      await expect(page.getByTestId('goal').first()).toContainText('Waiting to sync');
    },
    listed: 'A voice goal',
    count: (request, token) => countOf(request, token, '/api/voice-goals'),
  },
  'a program enrolment': {
    screen: '/expert-content',
    // Chosen online: the screens' offline reads are another part of issue 20.
    open: (page) => page.getByRole('tab', { name: 'Programs' }).click(),
    ready: (page) => page.getByRole('button', { name: 'Enroll: 14 Days of Calm' }),
    make: async (page) => {
      const program = page.getByTestId('program-card').filter({ hasText: '14 Days of Calm' });
      await program.getByRole('button', { name: /^Enroll: / }).click();
      await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
      await expect(program.getByTestId('enrol-waiting')).toBeVisible();
    },
    listed: 'Joining a program',
    count: (request, token) => countOf(request, token, '/api/my-enrollments'),
  },
  'leaving a program': {
    prepare: async (request, { token }) => {
      const programs = await request.get('/api/specialized-programs', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const calm = ((await programs.json()) as { id: number; title: string }[]).find(
        (p) => p.title === '14 Days of Calm',
      );
      const res = await request.post(`/api/specialized-programs/${calm!.id}/enroll`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status(), await res.text()).toBe(201);
      return '';
    },
    screen: '/expert-content',
    open: (page) => page.getByRole('tab', { name: 'My Learning' }).click(),
    ready: (page) => page.getByRole('button', { name: 'Leave program' }),
    make: async (page) => {
      await page.getByRole('button', { name: 'Leave program' }).click();
      await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('leave-waiting')).toBeVisible();
    },
    listed: 'Leaving a program',
    delta: -1,
    count: (request, token) => countOf(request, token, '/api/my-enrollments'),
  },
  "an echo of another member's session": {
    // Another member completes a session, so the pulse has something to echo.
    prepare: async (request) => {
      const other = await createOnboardedMember(request, { firstName: OTHER });
      const res = await request.post('/api/session-completions', {
        headers: { Authorization: `Bearer ${await accessTokenOf(request, other)}` },
        data: { sessionId: 12, timeZone: 'UTC' },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return '';
    },
    screen: '/community',
    ready: (page) => othersPulse(page).getByRole('button', { name: /^echo / }),
    make: async (page) => {
      await othersPulse(page)
        .getByRole('button', { name: /^echo / })
        .click();
      await expect(othersPulse(page).getByText('echoed!')).toBeVisible();
    },
    listed: 'An echo',
    count: (request, token) =>
      countOf(request, token, '/api/community/pulse', (b) => {
        const item = (b as { userName: string; echoes: number }[]).find((i) => i.userName.includes(OTHER));
        return Array.from({ length: item?.echoes ?? 0 });
      }),
  },
  'a reflection shared with the community': {
    // Shared reflections need a completed session (the server checks it).
    prepare: async (request, { token }) => {
      const res = await request.post('/api/session-completions', {
        headers: { Authorization: `Bearer ${token}` },
        data: { sessionId: 12, timeZone: 'UTC' },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return '';
    },
    screen: '/community',
    // The dialog is opened online: its session picker reads the member's completed sessions.
    open: async (page) => {
      await page.getByRole('tab', { name: 'Reflections' }).click();
      await page.getByRole('button', { name: /add reflection/ }).click();
    },
    ready: (page) => page.getByRole('dialog', { name: 'add reflection' }).getByLabel('session'),
    make: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'add reflection' });
      // Waits for the option, read while online.
      await dialog.getByLabel('session').selectOption({ label: 'gentle voice awakening' });
      await dialog.getByLabel('your reflection').fill(SHARED_TEXT);
      await dialog.getByRole('button', { name: 'share reflection' }).click();
      await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
    },
    listed: SHARED_TEXT,
    count: (request, token) =>
      countOf(request, token, '/api/community/reflections', (b) =>
        (b as { content: string }[]).filter((r) => r.content === SHARED_TEXT),
      ),
  },
  'a class view': {
    screen: '/expert-content',
    ready: quietClassCard,
    make: async (page) => {
      await quietClassCard(page).click();
      const details = page.getByRole('dialog', { name: QUIET_CLASS });
      await expect(details).toBeVisible();
      await details.getByRole('button', { name: 'Close' }).click();
      await expect(details).toHaveCount(0);
    },
    listed: 'A class you opened',
    count: (request, token) =>
      countOf(request, token, '/api/expert-content', (b) => {
        const item = (b as { title: string; viewCount: number }[]).find((c) => c.title === QUIET_CLASS);
        return Array.from({ length: item?.viewCount ?? 0 });
      }),
  },
  "a circle's weekly practice": {
    prepare: async (request, { token }) => {
      const res = await request.post('/api/voice-circles', {
        headers: { Authorization: `Bearer ${token}` },
        data: { name: `Offline hum ${Date.now()}`, sessionType: 'asynchronous' },
      });
      expect(res.status(), await res.text()).toBe(201);
      return String(((await res.json()) as { id: number }).id);
    },
    screen: (id) => `/voice-circles/${id}`,
    ready: (page) => page.getByRole('button', { name: "I've done this week's practice" }),
    make: async (page) => {
      await page.getByRole('button', { name: "I've done this week's practice" }).click();
      await expect(page.getByText(SAVED_OFFLINE, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('practice-waiting')).toBeVisible();
    },
    listed: "A circle's weekly practice",
    count: async (request, token) => {
      const circles = await request.get('/api/voice-circles/my-circles', {
        headers: { Authorization: `Bearer ${token}` },
      });
      const [circle] = (await circles.json()) as { id: number }[];
      return countOf(request, token, `/api/voice-circles/${circle!.id}/practice?tz=UTC`, (b) =>
        (b as { practisedByMe: boolean }).practisedByMe ? [b] : [],
      );
    },
  },
};

for (const [kind, write] of Object.entries(cases)) {
  test(`${kind} made offline is listed as waiting, survives a reload and arrives exactly once`, async ({
    page,
    context,
    request,
  }) => {
    await expectOfflineWriteArrivesOnce(page, context, request, write);
  });
}

test('a write that cannot wait is refused at once offline, in words, and nothing is queued or sent', async ({
  page,
  context,
  request,
}) => {
  const { token } = await signInNewMember(page, request);
  await waitForServiceWorker(page);
  await page.goto('/voice-circles');
  await expect(page.getByRole('button', { name: 'Create Circle' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Create Circle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Circle' });
  await dialog.getByLabel('Circle name').fill('Offline sirens');
  await dialog.getByRole('button', { name: 'Create Circle' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "You're offline. Creating a circle needs a connection: try again when you're back online.",
  );
  // Whole, not cut off at the dialog's edge (issue 30: its last line was hidden at 390x844).
  await expect(dialog.getByRole('alert')).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await page.goto('/profile');
  await expect(page.getByText('Nothing is waiting to sync.')).toBeVisible();

  await context.setOffline(false);
  await page.waitForTimeout(1_500);
  expect(await countOf(request, token, '/api/voice-circles/my-circles')).toBe(0);
});
