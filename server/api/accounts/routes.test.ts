import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client } from '../../auth/test-client';
import { signedIn, signUpConfirmed } from '../../auth/test-client';
import { createTestApp, type TestApp } from '../../test-support';

let t: TestApp;
let token: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  userId = await signUpConfirmed(t, 'ada@example.com');
  token = (await signedIn(t, 'ada@example.com')).session.access_token;
});
afterEach(() => t.close());

const api = (path: string, init: RequestInit = {}, bearer: string | null = token) => {
  const headers = new Headers(init.headers);
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  if (init.body) headers.set('content-type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
};
const onboard = (body: unknown) =>
  api('/complete-onboarding', { method: 'POST', body: JSON.stringify(body) });
const stored = async () =>
  (await t.deps.sql.get<{ has_completed_onboarding: number; onboarding_answers: string | null }>(
    'SELECT has_completed_onboarding, onboarding_answers FROM users WHERE id = ?',
    [userId],
  ))!;

const wizard = {
  voiceComfortLevel: 6,
  primaryGoal: ['stress_relief', 'something_else'],
  primaryGoalOther: 'sing to my kids',
  stressType: ['work'],
  stressTypeOther: '',
  desiredFeeling: ['calm', 'grounded'],
  desiredFeelingOther: '',
  embodimentWord: 'open',
  practiceTime: ['evening'],
  practiceTimeOther: '',
  name: 'Ada',
  pronouns: 'she_her',
  pronounsOther: '',
  ageRange: '35_44',
  microphoneEnabled: true,
};

describe('GET /api/auth/me', () => {
  it('returns the caller’s profile from the token', async () => {
    const res = await api('/auth/me');
    expect(res.status).toBe(200);
    const me = (await res.json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      id: userId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      hasCompletedOnboarding: false,
    });
    expect(typeof me.createdAt).toBe('string');
  });

  it('answers 401 without a token, or with the anon key', async () => {
    expect((await api('/auth/me', {}, null)).status).toBe(401);
    expect((await api('/auth/me', {}, t.deps.keys.anonKey)).status).toBe(401);
  });
});

describe('GET /api/users/:id', () => {
  it('returns the caller’s own record', async () => {
    const res = await api(`/users/${userId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: userId, hasCompletedOnboarding: false });
  });

  it('answers 403 for another member’s id', async () => {
    const otherId = await signUpConfirmed(t, 'grace@example.com');
    const res = await api(`/users/${otherId}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden' });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the caller’s sign-in session so its tokens stop working', async () => {
    const res = await api('/auth/logout', { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await api('/auth/me')).status).toBe(401);
    const { error } = await client(t).auth.getUser(token);
    expect(error).toBeTruthy();
  });
});

describe('POST /api/complete-onboarding', () => {
  it('stores the wizard answers and marks onboarding complete', async () => {
    const res = await onboard(wizard);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: userId, hasCompletedOnboarding: true });
    const row = await stored();
    expect(row.has_completed_onboarding).toBe(1);
    expect(JSON.parse(row.onboarding_answers ?? '{}')).toMatchObject({ kind: 'wizard', ...wizard });
    expect((await (await api(`/users/${userId}`)).json()) as object).toMatchObject({
      hasCompletedOnboarding: true,
    });
  });

  it('accepts a wizard whose every step was skipped', async () => {
    expect((await onboard({ voiceComfortLevel: 5 })).status).toBe(200);
  });

  it('accepts the simple questionnaire’s answers and other-texts', async () => {
    const body = {
      answers: { q1: ['Calm', 'Other'], q4: ['Morning'] },
      otherTexts: { q1_other: 'by the sea' },
    };
    expect((await onboard(body)).status).toBe(200);
    expect(JSON.parse((await stored()).onboarding_answers ?? '{}')).toMatchObject({
      kind: 'questionnaire',
      ...body,
    });
  });

  it.each([
    [{ ...wizard, voiceComfortLevel: 11 }, 'voiceComfortLevel', 'must be a whole number from 1 to 10'],
    [{ ...wizard, voiceComfortLevel: 2.5 }, 'voiceComfortLevel', 'must be a whole number from 1 to 10'],
    [{ ...wizard, voiceComfortLevel: '5' }, 'voiceComfortLevel', 'must be a whole number from 1 to 10'],
    [{ ...wizard, primaryGoal: ['world_peace'] }, 'primaryGoal.0', 'must be one of'],
    [{ ...wizard, stressType: ['work', 'work'] }, 'stressType', 'must not repeat a choice'],
    [{ ...wizard, desiredFeeling: 'calm' }, 'desiredFeeling', ''],
    [{ ...wizard, practiceTime: ['midnight'] }, 'practiceTime.0', 'must be one of'],
    [{ ...wizard, pronouns: 'xe_xem' }, 'pronouns', 'must be one of'],
    [{ ...wizard, ageRange: '100_plus' }, 'ageRange', 'must be one of'],
    [{ ...wizard, embodimentWord: 'w'.repeat(201) }, 'embodimentWord', 'must be at most 200 characters'],
    [{ ...wizard, name: 'n'.repeat(201) }, 'name', 'must be at most 200 characters'],
    [{ ...wizard, microphoneEnabled: 'yes' }, 'microphoneEnabled', 'must be true or false'],
    [{ answers: { q1: 'Calm' } }, 'answers.q1', ''],
    [
      { answers: {}, otherTexts: { q1_other: 'o'.repeat(501) } },
      'otherTexts.q1_other',
      'must be at most 500',
    ],
  ])('refuses %j naming the field and writes nothing', async (body, field, message) => {
    const res = await onboard(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; message: string; fields: Record<string, string> };
    expect(json.error).toBe('validation_failed');
    expect(json.message).toContain(`Invalid ${field}`);
    expect(json.fields[field]).toContain(message);
    expect(await stored()).toEqual({ has_completed_onboarding: 0, onboarding_answers: null });
  });

  it('refuses malformed JSON, a non-object and an over-long body with a clear 4xx', async () => {
    const bad = await api('/complete-onboarding', { method: 'POST', body: '{"voiceComfortLevel":' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_json' });
    expect((await onboard([1, 2])).status).toBe(400);
    const many = { answers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`q${i}`, ['a']])) };
    expect((await onboard(many)).status).toBe(400);
    const huge = await api('/complete-onboarding', {
      method: 'POST',
      body: JSON.stringify({ pad: 'x'.repeat(70_000) }),
    });
    expect(huge.status).toBe(413);
    expect((await stored()).has_completed_onboarding).toBe(0);
  });

  it('answers 401 without a token', async () => {
    expect(
      (await api('/complete-onboarding', { method: 'POST', body: JSON.stringify(wizard) }, null)).status,
    ).toBe(401);
  });
});
