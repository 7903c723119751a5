import type { Context } from 'hono';
import {
  availabilityReason,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
} from '../db/sql/availability';
import type { AppEnv } from '../app-env';
import type { Logger } from './logger';

/**
 * True when a route's error is a database outage to answer 503. Checked before the client-abort
 * test on purpose: a socket to PostgreSQL that resets raises ECONNRESET, the same code as a
 * member's browser hanging up, so only a request whose own signal aborted counts as the latter.
 */
export function isOutage(err: unknown, c: Context): boolean {
  return !c.req.raw.signal.aborted && isDatabaseUnavailable(err);
}

/**
 * The 503 every route family answers a database outage with: `Retry-After` in seconds and the
 * family's own error body (the app's `{error, message}`, PostgREST's, GoTrue's, Storage's), so
 * supabase-js, the app's api client and the outbox all read it. Logged as a warning without a
 * stack: it is the database's state, not a bug in this request.
 */
export function databaseUnavailable(
  c: Context,
  logger: Logger,
  err: unknown,
  body: object,
  headers: Record<string, string> = {},
): Response {
  logger.warn('database unavailable', {
    requestId: (c as Context<AppEnv>).get('requestId'),
    method: c.req.method,
    path: c.req.path,
    reason: availabilityReason(err),
  });
  return c.json(body, 503, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), ...headers });
}
