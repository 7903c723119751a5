import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import webpush from 'web-push';
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
  /**
   * The VAPID key pair (RFC 8292, P-256, base64url) practice reminders sign Web Push requests
   * with; VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY replace it when the operator sets them.
   */
  vapid: VapidPair;
}

export interface VapidPair {
  publicKey: string;
  privateKey: string;
}

const keyFile = z.object({
  jwtSecret: z.string().min(32),
  anonKey: z.string(),
  serviceRoleKey: z.string(),
  vapidPublicKey: z.string().optional(),
  vapidPrivateKey: z.string().optional(),
});
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** A new VAPID pair: an uncompressed P-256 public key (65 bytes) and its private scalar, base64url. */
export function newVapidPair(): VapidPair {
  return webpush.generateVAPIDKeys();
}

export async function loadOrCreateKeys(dataDir: string): Promise<ProjectKeys> {
  const file = path.join(dataDir, 'keys.json');
  if (fs.existsSync(file)) return readKeys(file);
  const jwtSecret = crypto.randomBytes(48).toString('base64url');
  const vapid = newVapidPair();
  const stored = {
    jwtSecret,
    anonKey: await mintRoleKey(jwtSecret, 'anon'),
    serviceRoleKey: await mintRoleKey(jwtSecret, 'service_role'),
    vapidPublicKey: vapid.publicKey,
    vapidPrivateKey: vapid.privateKey,
  };
  // Written with mode 0600 from the start: the secret is never world-readable, not even briefly.
  fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
  return keysOf(stored, vapid);
}

const keysOf = (k: z.infer<typeof keyFile>, vapid: VapidPair): ProjectKeys => ({
  jwtSecret: k.jwtSecret,
  anonKey: k.anonKey,
  serviceRoleKey: k.serviceRoleKey,
  vapid,
});

function readKeys(file: string): ProjectKeys {
  let parsed: z.infer<typeof keyFile>;
  try {
    parsed = keyFile.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const mode = fs.statSync(file).mode & 0o777;
    if (mode & 0o077) fs.chmodSync(file, 0o600);
  } catch (err) {
    throw new StartupError(
      `The key file ${file} is unreadable or damaged (${(err as Error).message}).`,
      'Restore it from a backup. Deleting it creates new keys, which signs every member out.',
    );
  }
  if (parsed.vapidPublicKey && parsed.vapidPrivateKey) {
    return keysOf(parsed, { publicKey: parsed.vapidPublicKey, privateKey: parsed.vapidPrivateKey });
  }
  // A key file from before practice reminders: the VAPID pair is added once, the rest kept as is.
  // Replaced in one rename, so a reader sees the old file or the new one, never half of one.
  const vapid = newVapidPair();
  const next = { ...parsed, vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey };
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
  fs.renameSync(temp, file);
  return keysOf(parsed, vapid);
}

export async function mintRoleKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: 'supabase' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + TEN_YEARS_S)
    .sign(new TextEncoder().encode(secret));
}
