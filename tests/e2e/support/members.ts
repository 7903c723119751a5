import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Page-model helpers for members, shared by every e2e area. The exported API is stable:
 * add to it, do not change what is here.
 *
 * Members are created through the real auth service (/auth/v1/signup), and confirmed by
 * following the link of the mail the server writes to `${E2E_DATA_DIR}/mail/*.eml` — the
 * same path a person takes, minus the typing.
 */
export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export type MailType = 'signup' | 'recovery';

const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm your email',
  recovery: 'Reset your password',
};

/** A fresh, unique member identity (not yet signed up). */
export function newMemberIdentity(overrides: Partial<Member> = {}): Member {
  const tag = crypto.randomBytes(5).toString('hex');
  return {
    email: `member+${tag}@example.com`,
    password: `tune-${tag}-Pw`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  };
}

let cachedAnonKey: string | null = null;

/** The public anon key the SPA boots with (GET /api/config). */
export async function anonKey(request: APIRequestContext): Promise<string> {
  if (cachedAnonKey) return cachedAnonKey;
  const res = await request.get('/api/config');
  expect(res.ok(), 'GET /api/config').toBeTruthy();
  cachedAnonKey = ((await res.json()) as { anonKey: string }).anonKey;
  return cachedAnonKey;
}

/** Forgets the cached anon key: for a spec that points these helpers at a server of its own. */
export function forgetAnonKey(): void {
  cachedAnonKey = null;
}

async function authHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const key = await anonKey(request);
  return { apikey: key, Authorization: `Bearer ${key}` };
}

/** The base URL the request context talks to (the fixtures' baseURL). */
function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not run.');
  return url;
}

function mailDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the global setup did not run.');
  return path.join(dir, 'mail');
}

/**
 * Waits for the newest mail of `type` to `email` and returns the action link it carries.
 * `after` (ms since epoch) skips older mails, e.g. a previous recovery mail.
 */
export async function readMailLink(
  email: string,
  type: MailType,
  after = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const limit = scaledTimeout(timeoutMs);
  const deadline = Date.now() + limit;
  const dir = mailDir();
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const matches = files
      .map((f) => ({ f, stat: fs.statSync(path.join(dir, f)) }))
      .filter(({ stat }) => stat.mtimeMs >= after)
      .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)
      .map(({ f }) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((text) => hasHeader(text, 'To', email) && hasHeader(text, 'Subject', SUBJECTS[type]));
    const link = matches[0]?.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No ${type} mail to ${email} arrived in ${mailDir()} within ${limit} ms.`);
}

function hasHeader(mail: string, name: string, value: string): boolean {
  const head = mail.split(/\r?\n\r?\n/)[0] ?? '';
  return head.split(/\r?\n/).some((line) => line.toLowerCase() === `${name}: ${value}`.toLowerCase());
}

/** Signs a member up through /auth/v1/signup; the account waits for its mail confirmation. */
export async function signUpThroughApi(request: APIRequestContext, member: Member): Promise<void> {
  const redirect = encodeURIComponent(`${baseUrl()}/`);
  const res = await request.post(`/auth/v1/signup?redirect_to=${redirect}`, {
    headers: await authHeaders(request),
    data: {
      email: member.email,
      password: member.password,
      data: { first_name: member.firstName, last_name: member.lastName },
    },
  });
  expect(res.ok(), `sign-up of ${member.email}: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** Follows a mail link the way a mail program would hand it to a browser, without a page. */
async function followLink(request: APIRequestContext, link: string): Promise<string> {
  const res = await request.get(link, { maxRedirects: 0 });
  expect(res.status(), 'the verify link answers 303').toBe(303);
  const location = res.headers()['location'] ?? '';
  expect(location, 'the verify link carries a session').toContain('access_token=');
  return location;
}

/**
 * A member whose email is confirmed and who can sign in; onboarding not yet done, so a
 * sign-in lands on /onboarding-story.
 */
export async function createConfirmedMember(
  request: APIRequestContext,
  overrides: Partial<Member> = {},
): Promise<Member> {
  return (await confirmedMemberWithToken(request, overrides)).member;
}

/**
 * Signs up and follows the mail link; the link's redirect carries a fresh session, whose
 * access token is returned too (saving a password sign-in against the server's rate limit).
 */
async function confirmedMemberWithToken(
  request: APIRequestContext,
  overrides: Partial<Member>,
): Promise<{ member: Member; accessToken: string }> {
  const member = newMemberIdentity(overrides);
  await signUpThroughApi(request, member);
  const location = await followLink(request, await readMailLink(member.email, 'signup'));
  const fragment = new URLSearchParams(location.split('#')[1] ?? '');
  return { member, accessToken: fragment.get('access_token') ?? '' };
}

/** Signs in through the password grant and returns the access token (for /api calls). */
export async function accessTokenOf(request: APIRequestContext, member: Member): Promise<string> {
  const res = await request.post('/auth/v1/token?grant_type=password', {
    headers: await authHeaders(request),
    data: { email: member.email, password: member.password },
  });
  expect(res.ok(), `password sign-in of ${member.email}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A confirmed member who has also finished onboarding (server side), so a sign-in goes to
 * /intro and then /home without the questionnaire. Use this for tests of other areas.
 */
export async function createOnboardedMember(
  request: APIRequestContext,
  overrides: Partial<Member> = {},
): Promise<Member> {
  const { member, accessToken } = await confirmedMemberWithToken(request, overrides);
  const res = await request.post('/api/complete-onboarding', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { answers: { voice_goals: ['Feel calmer'] }, otherTexts: {} },
  });
  expect(res.ok(), `complete-onboarding: ${res.status()} ${await res.text()}`).toBeTruthy();
  return member;
}

/** Fills the sign-in form and submits; resolves once the app has left the sign-in screen. */
export async function signIn(
  page: Page,
  member: Member,
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.goto('/');
  await fillSignIn(page, member, options);
  await expect(page).not.toHaveURL(/\/(login)?$/);
}

/** Fills and submits the sign-in form on the current page, without waiting for the result. */
export async function fillSignIn(
  page: Page,
  member: Member,
  options: { remember?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  if (options.remember) await page.getByLabel('keep me signed in').check();
  await page.getByRole('button', { name: 'get in tune' }).click();
}

/**
 * Opens /home signed in as an onboarded member: the shortest way for other areas' tests to
 * reach a member's home screen. It signs in through the password grant and stores the session
 * where the app keeps it after a sign-in (supabase-js's `sb-<host>-auth-token` and the cookie
 * that marks this browser as the one that signed in), then opens /home: what a member sees who
 * comes back to the app. The sign-in form and the 3 s intro splash are what the accounts specs
 * test (`signIn`); going through them here cost every other test about 5 s. Resolves to the
 * session's access token, for the test's own API calls as this member.
 */
export async function signInToHome(page: Page, member: Member): Promise<string> {
  const res = await page.request.post('/auth/v1/token?grant_type=password', {
    headers: await authHeaders(page.request),
    data: { email: member.email, password: member.password },
  });
  expect(res.ok(), `password sign-in of ${member.email}: ${res.status()}`).toBeTruthy();
  const session = (await res.json()) as { access_token: string };
  const origin = new URL(baseUrl());
  await page
    .context()
    .addCookies([{ name: 'tuneful_browser_session', value: '1', url: origin.origin, sameSite: 'Strict' }]);
  // localStorage belongs to the origin: write it from a small same-origin document.
  await page.goto('/api/health');
  const stored = { key: `sb-${origin.hostname.split('.')[0]}-auth-token`, value: JSON.stringify(session) };
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), stored);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/, { timeout: scaledTimeout(15_000) });
  return session.access_token;
}
