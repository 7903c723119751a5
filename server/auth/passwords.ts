import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Config } from '../config';
import { AuthError, weakPassword } from './errors';
import { hashGateFor, type HashLane } from './hash-gate';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** The product's rule (spec: password minimum 8 characters); 72 is GoTrue's upper bound. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 72;

/** scrypt with N=2^15, r=8, p=1 (32 MiB): OWASP's floor, a ~0.1 s hash on a small server. */
const PASSWORD_HASH_N = 2 ** 15;
const PARAMS = { r: 8, p: 1 };
const KEY_LEN = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

/** scrypt's N for new hashes: production's unless a test's config lowers it (Config.passwordHashN). */
const costOf = (config: Pick<Config, 'passwordHashN'>) => config.passwordHashN ?? PASSWORD_HASH_N;

/** What hashing needs of the config: the cost, and the gate's thread and queue sizes. */
export type HashConfig = Pick<Config, 'passwordHashN' | 'passwordHashThreads' | 'passwordHashQueue'>;

/**
 * Stored as `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes
 * (verifying reads N from the hash). Every scrypt goes through the app's hash gate (hash-gate.ts):
 * `lane` 'new' for an account being made, 'member' for someone proving who they are. A full
 * line throws PasswordHashBusy at once, before any hashing (the routes answer 503).
 */
export async function hashPassword(
  password: string,
  config: HashConfig,
  lane: HashLane = 'new',
): Promise<string> {
  const salt = crypto.randomBytes(16);
  const N = costOf(config);
  const { r, p } = PARAMS;
  const hash = await hashGateFor(config).run(lane, () =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r, p, maxmem: maxmem(N, r) }),
  );
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export async function verifyPassword(
  password: string,
  stored: string,
  config: HashConfig,
  lane: HashLane = 'member',
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const P = Number(p);
  if (![N, R, P].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await hashGateFor(config).run(lane, () =>
    scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
      N,
      r: R,
      p: P,
      maxmem: maxmem(N, R),
    }),
  );
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, made once, to verify against when the email is unknown: the
 * answer then takes as long as for a real member, so timing does not reveal who has an account.
 */
const dummies = new Map<number, Promise<string>>();
export function dummyHash(config: HashConfig): Promise<string> {
  const N = costOf(config);
  let dummy = dummies.get(N);
  if (!dummy) {
    dummy = hashPassword(crypto.randomBytes(16).toString('hex'), config, 'member');
    dummies.set(N, dummy);
    // A busy gate on the first try must not leave a refusal cached for every later sign-in.
    dummy.catch(() => dummies.delete(N));
  }
  return dummy;
}

/** GoTrue's checks and messages: too long is a 400, too short a 422 weak_password with reasons. */
export function checkPasswordPolicy(password: string): void {
  if ([...password].length > MAX_PASSWORD_LENGTH) {
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw weakPassword(`Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, ['length']);
  }
}
