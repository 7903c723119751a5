import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import type { Logger } from './logger';
import { ApiError } from './http';
import { clientClosed, isClientAbort } from './client-abort';
import { databaseUnavailable, isOutage } from './unavailable';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/sql/availability';
import { HASH_BUSY_MESSAGE, PasswordHashBusy } from '../auth/hash-gate';

/**
 * The one place errors become responses. Expected errors keep their status and message; an
 * unexpected one is logged with its stack and answered with a plain 500 that leaks nothing; a
 * database outage is a 503 with Retry-After (server/lib/unavailable.ts).
 */
export function handleError(logger: Logger) {
  return (err: Error, c: Context<AppEnv>): Response => {
    if (err instanceof ApiError) return c.json(err.body(), err.status);
    if (err instanceof PasswordHashBusy)
      return c.json({ error: 'busy', message: HASH_BUSY_MESSAGE }, 503, {
        'Retry-After': String(err.retryAfterSeconds),
      });
    if (isOutage(err, c))
      return databaseUnavailable(c, logger, err, {
        error: 'unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    if (isClientAbort(err, c)) return clientClosed();
    if (err instanceof HTTPException) {
      const status = err.status;
      const code = status === 413 ? 'payload_too_large' : status === 401 ? 'unauthorized' : 'bad_request';
      return c.json({ error: code, message: err.message || 'The request could not be handled.' }, status);
    }
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err.message,
      stack: err.stack,
    });
    return c.json(
      { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      500,
    );
  };
}

const SERVICE_PREFIXES = ['/api/', '/auth/', '/rest/', '/storage/'];

export function isServicePath(path: string): boolean {
  return SERVICE_PREFIXES.some((p) => path === p.slice(0, -1) || path.startsWith(p));
}

export function notFoundJson(c: Context): Response {
  return c.json({ error: 'not_found', message: `No route ${c.req.method} ${c.req.path}.` }, 404);
}
