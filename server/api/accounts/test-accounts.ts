import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { resolveCaller } from '../../auth/caller';
import { hashGateFor } from '../../auth/hash-gate';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../auth/passwords';
import { createAuthLimits } from '../../auth/rate-limit';
import { clientIp, isLoopbackAddress } from '../../auth/request';
import { createAuthRepository } from '../../auth/repository';
import { constraintKind } from '../../db/sql';
import { ApiError, jsonBody } from '../../lib/http';
import { lineText } from '../../lib/text';

/**
 * POST /api/dev/test-accounts (demo mode only; 404 otherwise), for the /test-signup page:
 * creates an account that is already confirmed, so a developer can sign in at once even when
 * the server asks new members to confirm by mail (issue 8). Only @example.com addresses, which
 * no real person owns, so it cannot create or claim anyone's account.
 *
 * Only for a caller on this machine (the socket's address is loopback; with TRUST_PROXY, the
 * proxy's last X-Forwarded-For entry must be) or one bearing the service role key
 * (`Authorization: Bearer <service_role_key>`), and at most as many per address as sign-ups
 * (AUTH_RATE_LIMIT_SCALE applies). Issue 34: plain `npm start` is demo mode, and this route
 * made accounts for anyone, as fast as scrypt could hash.
 *
 * 201 {id, email} | 400 validation_failed (field) | 403 forbidden (not loopback, no service key)
 * | 404 (not demo mode) | 409 email_exists | 429 too_many_requests (Retry-After)
 * | 503 busy (password hashing full; Retry-After). A refusal creates nothing.
 */
const body = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .regex(/^[a-z0-9._+-]+@example\.com$/, 'must be an address at example.com'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`),
  firstName: lineText().trim().min(1, 'is required').max(100),
  lastName: lineText().trim().max(100).default(''),
});

/**
 * The address the request came from, as a proxy we trust reports it. Behind TRUST_PROXY every
 * socket is the proxy's (often loopback itself), so only its X-Forwarded-For counts there.
 */
function fromLoopback(c: Context, trustProxy: boolean): boolean {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    return !!forwarded && isLoopbackAddress(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return !!address && isLoopbackAddress(address);
  } catch {
    return false; // no socket (an in-process request): nobody vouches for the address
  }
}

async function assertMayCreate(deps: AppDeps, c: Context): Promise<void> {
  if (fromLoopback(c, deps.config.trustProxy)) return;
  const caller = await resolveCaller(deps, c.req.header('authorization'));
  if (caller.kind === 'role' && caller.role === 'service_role') return;
  throw new ApiError(
    403,
    'forbidden',
    'Test accounts are made only from this machine (127.0.0.1) or with the service role key. Sign up at /signup instead.',
  );
}

export function testAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = createAuthRepository(deps.sql);
  const { testAccountsPerIp } = createAuthLimits(deps.sql, deps.now, deps.config.authRateLimitScale);

  r.post('/dev/test-accounts', async (c) => {
    if (!deps.config.demoMode) throw new ApiError(404, 'not_found', 'Not found.');
    await assertMayCreate(deps, c);
    hashGateFor(deps.config).assertRoom('new'); // before the rate limit's transaction (signup.ts)
    const wait = await testAccountsPerIp.hit(clientIp(c, deps.config.trustProxy));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiError(
        429,
        'too_many_requests',
        `Too many test accounts from this address. Please try again in ${wait} seconds.`,
      );
    }
    const input = await jsonBody(c, body);
    const passwordHash = await hashPassword(input.password, deps.config);
    const now = new Date(deps.now()).toISOString();
    const id = crypto.randomUUID();
    const metadata = { first_name: input.firstName, last_name: input.lastName };
    try {
      await auth.insertUser({
        id,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        metadata: JSON.stringify(metadata),
        confirmedAt: now,
        now,
      });
    } catch (err) {
      // The unique email index decides, not a read before the write.
      if (constraintKind(err) === 'unique') {
        throw new ApiError(409, 'email_exists', 'An account with this email already exists.');
      }
      throw err;
    }
    return c.json({ id, email: input.email }, 201);
  });

  return r;
}
