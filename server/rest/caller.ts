import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { resolveCaller } from '../auth/caller';
import { PgrstError } from './errors';

export type RestCaller =
  { role: 'anon' } | { role: 'service_role' } | { role: 'authenticated'; userId: string };

/** The hosted gateway's refusal of a missing or unknown `apikey` (reference §1.3): not PostgREST's shape. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

const jwtError = (code: 'PGRST301' | 'PGRST303', message: string) =>
  new PgrstError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

/**
 * Who is calling /rest/v1: the `apikey` must be one of the project's keys (as Kong requires),
 * and the role comes from the verified bearer JWT. No bearer means the anonymous role.
 */
export async function restCaller(deps: AppDeps, c: Context): Promise<RestCaller> {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  if (!apikey) {
    throw new GatewayError(
      'No API key found in request',
      'No `apikey` request header or url param was found.',
    );
  }
  if (apikey !== deps.keys.anonKey && apikey !== deps.keys.serviceRoleKey) {
    throw new GatewayError('Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.');
  }
  const caller = await resolveCaller(deps, c.req.header('authorization'));
  switch (caller.kind) {
    case 'none':
      return { role: 'anon' };
    case 'role':
      return { role: caller.role };
    case 'user':
      return { role: 'authenticated', userId: caller.user.id };
    case 'invalid':
      if (caller.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
      if (caller.reason === 'session_gone') throw jwtError('PGRST301', 'JWT session has ended');
      throw jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
}
