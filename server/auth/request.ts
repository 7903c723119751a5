import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, tooDeep } from '../lib/json-depth';
import { AuthError } from './errors';
import type { RateLimiter } from './rate-limit';

/**
 * Reads and validates a JSON body in GoTrue's terms: unparsable JSON is `bad_json`, a schema
 * failure is `validation_failed` naming the field. Never a 500 for bad input.
 */
export async function authBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown = {};
  const text = await c.req.text();
  if (text.trim() !== '') {
    if (tooDeep(text)) {
      throw new AuthError(
        400,
        'bad_json',
        `Could not parse request body as JSON: nested deeper than ${MAX_JSON_DEPTH} levels`,
      );
    }
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AuthError(400, 'validation_failed', `${where}${issue?.message ?? 'Invalid request body'}`);
  }
  return parsed.data;
}

/**
 * The caller's address, for per-IP limits. From the socket unless TRUST_PROXY is set; then the
 * last X-Forwarded-For entry, the one our own proxy appended (earlier entries are whatever the
 * client sent, so trusting them would let anyone dodge the limits). In-process requests
 * (tests) have no socket and share the key 'unknown'.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

export async function limitRequests(limiter: RateLimiter, key: string): Promise<void> {
  if ((await limiter.hit(key)) > 0)
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

export async function limitMail(limiter: RateLimiter, email: string): Promise<void> {
  const wait = await limiter.hit(email.toLowerCase());
  if (wait > 0) {
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}
