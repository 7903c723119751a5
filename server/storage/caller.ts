import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { resolveCaller } from '../auth/caller';
import { accessDenied } from './errors';

export type StorageRole = 'anon' | 'authenticated' | 'service_role';

/**
 * The role of a storage request from its bearer JWT. Storage checks auth itself (the gateway
 * lets /storage/v1 through, so signed URLs work in `<audio src>`); a bad token is AccessDenied.
 */
export async function storageRole(deps: AppDeps, c: Context): Promise<StorageRole> {
  const caller = await resolveCaller(deps, c.req.header('authorization'));
  switch (caller.kind) {
    case 'none':
      return 'anon';
    case 'role':
      return caller.role;
    case 'user':
      return 'authenticated';
    case 'invalid':
      throw accessDenied(caller.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  }
}

/**
 * Catalogue audio is for members: signing and listing need a signed-in member or the service
 * role. The anon key alone gets AccessDenied, which keeps the audio from being hot-linked.
 */
export async function requireReader(deps: AppDeps, c: Context): Promise<StorageRole> {
  const role = await storageRole(deps, c);
  if (role === 'anon') throw accessDenied('Sign in to access audio.');
  return role;
}
