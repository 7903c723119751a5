import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { StartupError } from './startup-error';

/**
 * The project secret and the two API keys derived from it, Supabase-style: the anon and
 * service-role keys are long-lived HS256 JWTs signed with the same secret as access tokens,
 * so /rest and /storage derive the caller's role from one verified `role` claim.
 */
export interface ProjectKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

const keyFile = z.object({ jwtSecret: z.string().min(32), anonKey: z.string(), serviceRoleKey: z.string() });
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

export async function loadOrCreateKeys(dataDir: string): Promise<ProjectKeys> {
  const file = path.join(dataDir, 'keys.json');
  if (fs.existsSync(file)) return readKeys(file);
  const jwtSecret = crypto.randomBytes(48).toString('base64url');
  const keys = {
    jwtSecret,
    anonKey: await mintRoleKey(jwtSecret, 'anon'),
    serviceRoleKey: await mintRoleKey(jwtSecret, 'service_role'),
  };
  // Written with mode 0600 from the start: the secret is never world-readable, not even briefly.
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  return keys;
}

function readKeys(file: string): ProjectKeys {
  try {
    const parsed = keyFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(file, 0o600);
    return parsed;
  } catch (err) {
    throw new StartupError(
      `The key file ${file} is unreadable or damaged (${(err as Error).message}).`,
      'Restore it from a backup. Deleting it creates new keys, which signs every member out.',
    );
  }
}

export async function mintRoleKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS_S)
    .sign(new TextEncoder().encode(secret));
}
