import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, signUpConfirmed } from '../../auth/test-client';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  await signUpConfirmed(t, 'ada@example.com');
  token = (await signedIn(t, 'ada@example.com')).session.access_token;
});
afterEach(() => t.close());

const api = (path: string, method = 'GET', body?: unknown, bearer: string | null = token) => {
  const headers = new Headers();
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return t.fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
};

describe('onboarding state kept on the server', () => {
  it('starts pending, with no answers', async () => {
    const res = await api('/onboarding');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ state: 'pending', answers: null, updatedAt: null });
    expect(await (await api('/auth/me')).json()).toMatchObject({ onboardingState: 'pending' });
  });

  it('remembers a skip for every later sign-in, on any device', async () => {
    const res = await api('/onboarding/skip', 'POST');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ onboardingState: 'skipped', hasCompletedOnboarding: false });
    // Another device: a fresh sign-in reads the same state.
    const other = (await signedIn(t, 'ada@example.com')).session.access_token;
    const me = await api('/auth/me', 'GET', undefined, other);
    expect(await me.json()).toMatchObject({ onboardingState: 'skipped' });
  });

  it('keeps the answers of a completion, and a later skip does not undo it', async () => {
    const answers = { answers: { voice_goals: ['Feel calmer'] }, otherTexts: {} };
    expect((await api('/complete-onboarding', 'POST', answers)).status).toBe(200);
    expect((await api('/onboarding/skip', 'POST')).status).toBe(200);
    const record = (await (await api('/onboarding')).json()) as { state: string; answers: unknown };
    expect(record.state).toBe('completed');
    expect(record.answers).toMatchObject({
      kind: 'questionnaire',
      answers: { voice_goals: ['Feel calmer'] },
    });
    expect(await (await api('/auth/me')).json()).toMatchObject({
      onboardingState: 'completed',
      hasCompletedOnboarding: true,
    });
  });

  it('lets a member who skipped complete later', async () => {
    await api('/onboarding/skip', 'POST');
    await api('/complete-onboarding', 'POST', { answers: { voice_goals: ['Sing'] }, otherTexts: {} });
    expect(await (await api('/auth/me')).json()).toMatchObject({ onboardingState: 'completed' });
  });

  it('refuses visitors (401) and writes nothing', async () => {
    expect((await api('/onboarding/skip', 'POST', undefined, null)).status).toBe(401);
    expect((await api('/onboarding', 'GET', undefined, null)).status).toBe(401);
    expect(await (await api('/onboarding')).json()).toMatchObject({ state: 'pending' });
  });
});
