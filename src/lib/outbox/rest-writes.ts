import { supabase } from '../supabase';
import {
  isRetryableStatus,
  isUnavailableStatus,
  NO_CONNECTION,
  type OutboxItem,
  type SendOutcome,
} from './outbox';

/**
 * Writes made through /rest/v1 with supabase-js (the player's private reflection) that may wait
 * in the outbox. The row carries a key the client made once (`client_key`); it is upserted with
 * `ignoreDuplicates` on the table's unique key (user_id, client_key), so sending it again after a
 * lost answer, or from two tabs, stores it once (server/rest/upsert.ts). A hosted Supabase
 * project gives the same behaviour with the same unique index.
 */
export interface RestTarget {
  table: string;
  onConflict: string;
}

/** What a failed try tells the member, by status; 0 is supabase-js's "the fetch itself failed". */
export function retryMessage(status: number): string {
  if (status === 0) return NO_CONNECTION;
  if (status === 401) return 'Waiting for you to sign in again';
  if (status === 429) return 'Tuneful asked to wait a little';
  // A gateway or database outage (the server answers 503 with Retry-After while its database
  // restarts): nothing is wrong with what the member wrote, and it will go by itself.
  if (isUnavailableStatus(status)) return 'Tuneful is temporarily unavailable; it will try again';
  return `Tuneful could not take it just now (error ${status})`;
}

/**
 * PostgREST's "cannot reach the database" codes (what our server sends with its 503 and
 * Retry-After; supabase-js does not expose the header, the code says the same).
 */
const POSTGREST_UNAVAILABLE = /^PGRST00[0-2]$/;

/** One try: done, refused for good (a 4xx other than 401/408/429), or retry later. */
export async function sendRestRow(target: RestTarget, row: Record<string, unknown>): Promise<SendOutcome> {
  const { error, status } = await (
    await supabase()
  )
    .from(target.table)
    .upsert(row, { onConflict: target.onConflict, ignoreDuplicates: true });
  if (!error) return { kind: 'done' };
  if (status === 0 || status === 401 || isRetryableStatus(status))
    return {
      kind: 'retry',
      message: retryMessage(status),
      offline: status === 0,
      unavailable: status === 503 && POSTGREST_UNAVAILABLE.test(error.code ?? ''),
    };
  return { kind: 'refused', status, message: error.message };
}

export function sendRestItem(item: OutboxItem): Promise<SendOutcome> {
  if (!item.rest) return Promise.resolve({ kind: 'refused', status: 400, message: 'Not a table write' });
  return sendRestRow(item.rest, item.body as Record<string, unknown>);
}
