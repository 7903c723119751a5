import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  token: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { ...auth(token), data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** The member's id: the `sub` claim of their access token. */
export function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string }).sub;
  if (!sub) throw new Error('the access token has no sub');
  return sub;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Simulated earlier days: the server's clock cannot be moved in a browser test, so a member's
 * completions on the `days` days before today are written as the player would have written them
 * then (UTC member, beginner tokens). Today's completion then goes through the real API.
 */
export function completeOnEarlierDays(userId: string, sessions: { id: number; title: string }[]): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'app.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const insert = db.prepare(`INSERT INTO session_completions
      (user_id, session_id, title, completed_at, local_date, time_zone, tokens_awarded) VALUES (?, ?, ?, ?, ?, 'UTC', 20)
      RETURNING id`);
    // Each completion's entry on the practice ledger (migration 0112), as the server writes it.
    const ledger = db.prepare(`INSERT INTO practice_ledger (user_id, kind, item_id, title, categories,
        practised_at, local_date, planned_sec, practised_sec, counted, earned, source_id)
      SELECT ?, 'catalogue', s.id, ?, s.category, ?, ?, s.length_sec, s.length_sec, 1, 20, ?
      FROM sessions s WHERE s.id = ?`);
    db.transaction(() => {
      sessions.forEach((s, i) => {
        const at = Date.now() - (sessions.length - i) * DAY;
        const { id } = insert.get(userId, s.id, s.title, new Date(at).toISOString(), isoDay(at)) as {
          id: number;
        };
        ledger.run(userId, s.title, new Date(at).toISOString(), isoDay(at), id, s.id);
      });
    })();
  } finally {
    db.close();
  }
}

export async function shot(page: Page, name: string): Promise<void> {
  const { screenshotPath } = await import('../tuning/fake-mic');
  await page.screenshot({ path: screenshotPath(`growth-${name}.png`), fullPage: true });
}
