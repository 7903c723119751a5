import type { TestApp } from '../../test-support';
import { createMember, mintToken, type TestMember } from '../../rest/test-members';
import { localDateOf } from '../../../src/domain/streaks';

/**
 * Members for the reminder tests: level 3 comes from tone tokens on the practice ledger (one
 * session a month ago, as the ledger would hold it), never from a back door in the product.
 */
const DAY = 86_400_000;

export async function practiceRow(
  t: TestApp,
  userId: string,
  localDate: string,
  o: { earned?: number; counted?: boolean } = {},
): Promise<void> {
  await t.deps.sql.run(
    `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
       planned_sec, practised_sec, counted, earned, source_id)
     VALUES (?, 'template', 1, 'Earlier practice', '["find"]', ?, ?, 600, ?, ?, ?, NULL)`,
    [
      userId,
      `${localDate}T12:00:00.000Z`,
      localDate,
      o.counted === false ? 60 : 600,
      o.counted === false ? 0 : 1,
      o.counted === false ? 0 : (o.earned ?? 0),
    ],
  );
}

/** A member at level 3 (250 tone tokens), optionally with a stored time zone. */
export async function levelThreeMember(t: TestApp, zone?: string): Promise<TestMember> {
  const m = await createMember(t);
  await practiceRow(t, m.id, localDateOf(t.deps.now() - 40 * DAY, 'UTC'), { earned: 250 });
  if (zone) await t.deps.sql.run('UPDATE users SET time_zone = ? WHERE id = ?', [zone, m.id]);
  return m;
}

/** Moves the server's clock to an exact instant (it keeps running from there). */
export function setClock(t: TestApp, isoTime: string): void {
  t.advance(Date.parse(isoTime) - t.deps.now());
}

export async function api(t: TestApp, who: TestMember | null, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  return t.fetch(`/api${path}`, { ...init, headers });
}

export const saveSettings = (
  t: TestApp,
  who: TestMember,
  body: Record<string, unknown>,
  headers: HeadersInit = {},
) => api(t, who, '/reminders', { method: 'PUT', body: JSON.stringify(body), headers });
