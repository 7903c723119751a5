import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../server/test-support';
import {
  createMember,
  insertSessions,
  mintToken,
  type TestMember,
} from '../../../../server/rest/test-members';
import type { StoredAssessment } from '../../assessment/assessment-api';
import type { PracticeWeek } from '../growth-api';
import { WeekView } from './WeeklyTab';

/**
 * Issue 20, one truth: voice health's weekly tab shows the week the server sums from the
 * practice ledger (GET /api/users/{id}/practice-week), not a sum of its own. The tab is driven
 * by the real routes of a test server, and what it shows must be what the route answers.
 */
const DAY = 86_400_000;
let t: TestApp;
let member: TestMember;
let token: string;
let mint: () => Promise<string>;

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token}`);
  if (init.body) headers.set('Content-Type', 'application/json');
  const res = await t.fetch(path, { ...init, headers });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}
const post = (path: string, body: unknown) => api(path, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  t = await createTestApp();
  await insertSessions(t, [
    { id: 1, title: 'Find it', length_sec: 120 },
    { id: 2, title: 'Free it', length_sec: 60 },
    { id: 3, title: 'Tune it', length_sec: 180 },
  ]);
  member = await createMember(t);
  token = await mintToken(t, member);
  mint = () => mintToken(t, member);
  await t.deps.sql.run('UPDATE users SET created_at = ? WHERE id = ?', [
    new Date(t.deps.now() - 30 * DAY).toISOString(),
    member.id,
  ]);
  await api('/api/voice-history-choice', { method: 'PUT', body: JSON.stringify({ keep: true }) });
  // Last week: one session. This week: a session, partial practice (40 s of 180) and a kept recording.
  await post('/api/session-completions', { sessionId: 2, timeZone: 'UTC' });
  t.advance(8 * DAY);
  token = await mint();
  await post('/api/session-completions', { sessionId: 1, timeZone: 'UTC' });
  await post('/api/session-completions', { sessionId: 3, timeZone: 'UTC', listenedSec: 40 });
  await post('/api/voice-analyses', {
    recordedAt: new Date(t.deps.now() - 60_000).toISOString(),
    durationSec: 90,
    score: 72,
    clarity: 0.7,
    stability: 0.6,
    resonance: 0.8,
    projection: 0.5,
    pitchMedianHz: 220,
    pitchRangeSemitones: 5,
  });
  // A voice assessment this week: a check, shown with the week, never counted as practice.
  await post('/api/voice-assessments', {
    avqi: 1.52, // AVQI 03.01 of the six measures below
    cpps: 14.3,
    hnr: 21.5,
    shimmerPercent: 3.4,
    shimmerDb: 0.31,
    ltasSlope: -22.1,
    ltasTilt: -9.8,
    recordedAt: new Date(t.deps.now() - 30_000).toISOString(),
    engineVersion: 'avqi-0301/1',
  });
});
afterAll(() => t.close());

/** The tab's week as the member sees it, given the route's answer (WeeklyTab passes it on as is), as text. */
function shownWeek(list: StoredAssessment[], week: PracticeWeek): string {
  const html = renderToStaticMarkup(<WeekView list={list} week={week} />);
  const stats = /data-testid="week-stats"[^>]*>(.*?)<\/div><\/div>/.exec(html)?.[1] ?? '';
  return stats
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

it("shows the sessions and minutes the practice-week route sums from the ledger, beside the week's assessments", async () => {
  const list = await api<StoredAssessment[]>('/api/voice-assessments');
  const thisWeek = await api<PracticeWeek>(`/api/users/${member.id}/practice-week?back=0`);
  // The ledger's sums: 120 s + 40 s of practice (partial practice counts its minutes, not a
  // session) and 90 s of recording (a recording is practice on the ledger, kept or not): 250 s,
  // rounded once to 4 minutes, as the dashboard rounds its total.
  expect(thisWeek).toMatchObject({
    sessions: 1,
    practiceMinutes: 3,
    recordingMinutes: 2,
    minutes: 4,
    listeningMinutes: 0,
    recordings: 1,
  });
  expect(shownWeek(list, thisWeek)).toBe(
    `${thisWeek.sessions} session ${thisWeek.minutes} minutes 1.52 AVQI 1 assessment`,
  );
  // Words first (issue 31): the week's assessment in a sentence before its number.
  const html = renderToStaticMarkup(<WeekView list={list} week={thisWeek} />);
  expect(html).toMatch(
    /data-testid="week-words"[^>]*>Your voice sounded clear (this|that) week: in the range of typical voices\.</,
  );
  expect(html.indexOf('week-words')).toBeLessThan(html.indexOf('week-stats'));
  // The week before: the one session of eight days ago, and no recording.
  const lastWeek = await api<PracticeWeek>(`/api/users/${member.id}/practice-week?back=1`);
  expect(lastWeek).toMatchObject({ sessions: 1, minutes: 1, recordings: 0 });
  expect(lastWeek.end < thisWeek.start).toBe(true);
  // One ledger: the profile's totals are these two weeks together.
  const dashboard = await api<{ totals: { minutes: number; sessions: number } }>(
    `/api/users/${member.id}/dashboard?tz=UTC`,
  );
  expect(dashboard.totals).toMatchObject({
    minutes: thisWeek.minutes + lastWeek.minutes,
    sessions: thisWeek.sessions + lastWeek.sessions,
  });
});

it('refuses a week index that is not a small whole number, naming the field', async () => {
  for (const back of ['-1', '0x2', '1.5', '999']) {
    const res = await t.fetch(`/api/users/${member.id}/practice-week?back=${back}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('back');
  }
});
