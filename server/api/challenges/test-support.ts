import type { TestApp } from '../../test-support';
import { mintToken, type TestMember } from '../../rest/test-members';

/**
 * Helpers of the challenge suites. Members reach a level the way the product counts it: tone
 * tokens on their practice ledger, written here as past practice (as tests/e2e/support/levels.ts
 * does in the browser tests), never through a back door in the product.
 */

/** One piece of past practice on the member's ledger, on `localDate` (noon UTC). */
export async function pastPractice(
  t: TestApp,
  userId: string,
  localDate: string,
  o: { earned?: number; practisedSec?: number; counted?: boolean; categories?: string[] } = {},
): Promise<void> {
  const counted = o.counted ?? true;
  await t.deps.sql.run(
    `INSERT INTO practice_ledger (user_id, kind, item_id, title, categories, practised_at, local_date,
       planned_sec, practised_sec, counted, earned, source_id)
     VALUES (?, 'template', 0, 'Earlier practice', ?, ?, ?, 600, ?, ?, ?, NULL)`,
    [
      userId,
      JSON.stringify(o.categories ?? ['find']),
      `${localDate}T12:00:00.000Z`,
      localDate,
      o.practisedSec ?? 600,
      counted ? 1 : 0,
      counted ? (o.earned ?? 0) : 0,
    ],
  );
}

/** Calls /api as `who` (a fresh token: tests move the clock by days), JSON in and out. */
export async function callAs(
  t: TestApp,
  who: TestMember | null,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<Response> {
  const headers = new Headers();
  if (who) headers.set('Authorization', `Bearer ${await mintToken(t, who)}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  if (init.key) headers.set('Idempotency-Key', init.key);
  return t.fetch(`/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}
