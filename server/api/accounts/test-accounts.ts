import crypto from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../auth/passwords';
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
 * 201 {id, email} | 400 validation_failed (field) | 404 (not demo mode) | 409 email_exists
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

export function testAccountRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const auth = createAuthRepository(deps.sql);

  r.post('/dev/test-accounts', async (c) => {
    if (!deps.config.demoMode) throw new ApiError(404, 'not_found', 'Not found.');
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
