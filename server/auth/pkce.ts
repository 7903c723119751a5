import crypto from 'node:crypto';
import type { Context } from 'hono';
import { z } from 'zod';
import { type AuthContext, isoNow } from './context';
import { AuthError } from './errors';
import { boundedString } from './fields';
import type { PkceRequest } from './links';
import type { LinkType } from './mail/templates';
import { authBody } from './request';
import { hashToken, safeEqual } from './secrets';
import { startSession } from './sessions';

/** GoTrue's FlowStateExpiryDuration: an auth code must be exchanged within 5 minutes. */
export const AUTH_CODE_TTL_MS = 5 * 60_000;
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

/** The optional PKCE fields supabase-js adds to signup, otp, recover, resend and updateUser bodies. */
export const pkceFields = {
  // supabase-js sends null for both in the implicit flow.
  code_challenge: boundedString.nullish(),
  code_challenge_method: boundedString.nullish(),
};

/** Validates them as GoTrue does; null for the implicit flow. */
export function pkceRequest(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): PkceRequest | null {
  const challenge = body.code_challenge ?? '';
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw new AuthError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (method !== 's256' && method !== 'plain') {
    throw new AuthError(400, 'validation_failed', `unsupported code_challenge method "${method}"`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!CHALLENGE.test(challenge)) {
    throw new AuthError(
      400,
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  return { challenge, method };
}

/** Opening a PKCE link: the newest flow state of this kind gets a fresh auth code. */
export async function issueAuthCode(ctx: AuthContext, userId: string, type: LinkType): Promise<string> {
  const flow = await ctx.flows.latestFlow(userId, type);
  if (!flow) throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found.');
  const code = crypto.randomUUID();
  await ctx.flows.setAuthCode(flow.id, hashToken(code), isoNow(ctx.deps));
  return code;
}

const grantSchema = z.object({
  auth_code: boundedString.optional(),
  code_verifier: boundedString.optional(),
});

function matches(flow: { code_challenge: string; code_challenge_method: string }, verifier: string): boolean {
  const derived =
    flow.code_challenge_method === 's256'
      ? crypto.createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  return safeEqual(derived, flow.code_challenge);
}

/** POST /token?grant_type=pkce: the auth code and the verifier become a session, once. */
export async function pkceGrant(ctx: AuthContext, c: Context): Promise<Response> {
  const body = await authBody(c, grantSchema);
  if (!body.auth_code || !body.code_verifier) {
    throw new AuthError(
      400,
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );
  }
  const flow = await ctx.flows.flowByCode(hashToken(body.auth_code));
  if (!flow)
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  const issued = Date.parse(flow.auth_code_issued_at ?? flow.created_at);
  if (ctx.deps.now() - issued > AUTH_CODE_TTL_MS) {
    await ctx.flows.deleteFlow(flow.id);
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!matches(flow, body.code_verifier)) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  // Deleting is the spend: a second exchange of the same code finds nothing.
  if ((await ctx.flows.deleteFlow(flow.id)) !== 1) {
    throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  }
  return c.json(
    await startSession(ctx, flow.user_id, flow.authentication_method === 'recovery' ? 'recovery' : 'otp'),
  );
}
