import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { clientClosed, isClientAbort } from '../lib/client-abort';
import type { Logger } from '../lib/logger';
import { databaseUnavailable, isOutage } from '../lib/unavailable';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/sql/availability';
import { HASH_BUSY_MESSAGE, PasswordHashBusy } from './hash-gate';

/** The API version whose error format we speak; supabase-js reads `code` only when it sees it. */
export const API_VERSION = '2024-01-01';

export type AuthStatus = 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503;

/**
 * A GoTrue error. The body carries the code under both names and the message under both
 * names, so every supabase-js version (new `code`, legacy `error_code`/`msg`) shows the same
 * text (reference: supabase-subset.md §1.6, §2.9).
 */
export class AuthError extends Error {
  constructor(
    readonly status: AuthStatus,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return {
      code: this.code,
      error_code: this.code,
      msg: this.message,
      message: this.message,
      ...this.extra,
    };
  }
}

export const weakPassword = (message: string, reasons: string[]) =>
  new AuthError(422, 'weak_password', message, { weak_password: { message, reasons } });

export function authErrorResponse(c: Context, err: AuthError): Response {
  c.header('X-Supabase-Api-Version', API_VERSION);
  c.header('x-sb-error-code', err.code);
  return c.json(err.body(), err.status);
}

/** The auth router's onError: known errors keep their shape; anything else is a logged 500. */
export function handleAuthError(logger: Logger) {
  return (err: Error, c: Context): Response => {
    if (err instanceof AuthError) return authErrorResponse(c, err);
    // Retryable for auth-js too (502/503/504): nothing was hashed, nothing was written.
    if (err instanceof PasswordHashBusy) {
      c.header('Retry-After', String(err.retryAfterSeconds));
      return authErrorResponse(c, new AuthError(503, 'service_unavailable', HASH_BUSY_MESSAGE));
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? 'request_too_large' : 'validation_failed';
      return authErrorResponse(
        c,
        new AuthError(err.status as AuthStatus, code, err.message || 'Bad request'),
      );
    }
    // auth-js treats 502/503/504 as retryable: a refresh that meets a database outage keeps the
    // session and tries again, where a 500 would sign the member out.
    if (isOutage(err, c)) {
      const unavailable = new AuthError(503, 'service_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
      return databaseUnavailable(c, logger, err, unavailable.body(), {
        'X-Supabase-Api-Version': API_VERSION,
        'x-sb-error-code': unavailable.code,
      });
    }
    if (isClientAbort(err, c)) return clientClosed();
    logger.error('auth: unhandled error', { path: c.req.path, error: err.message, stack: err.stack });
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again.'),
    );
  };
}
