import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { BackupError } from './manifest';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * The passphrase protection of a backup (BACKUP_PASSPHRASE): scrypt turns the passphrase and a
 * random salt into two keys, one that encrypts the signing keys (AES-256-GCM) and one that
 * seals the manifest (HMAC-SHA256). The archive carries the salt and the cost, never a key:
 * whoever changes anything in it (and re-hashes the manifest) cannot make a seal that the
 * passphrase verifies, and whoever reads it cannot read the keys.
 */
export interface SealParams {
  kdf: 'scrypt';
  /** base64 */
  salt: string;
  N: number;
  r: number;
  p: number;
}

export interface SealKeys {
  params: SealParams;
  encKey: Buffer;
  macKey: Buffer;
}

/** scrypt's cost: 2^15 × 8 (32 MiB, about 0.1 s), once per backup or restore. */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds the ciphertext to its purpose: it cannot pass for another entry's. */
const AAD = Buffer.from('tuneful-backup keys v2');

/** Off the event loop (scrypt runs in libuv's pool): scheduled backups run inside the server. */
export function newSeal(passphrase: string): Promise<SealKeys> {
  return sealKeys(passphrase, { kdf: 'scrypt', salt: crypto.randomBytes(16).toString('base64'), ...COST });
}

export async function sealKeys(passphrase: string, params: SealParams): Promise<SealKeys> {
  if (params.kdf !== 'scrypt' || !(params.N <= 2 ** 20 && params.r <= 32 && params.p <= 16))
    throw new BackupError('The backup names a key derivation this version does not accept.');
  const both = await scrypt(passphrase, Buffer.from(params.salt, 'base64'), 64, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 256 * params.N * params.r + 1024 * 1024,
  });
  return { params, encKey: both.subarray(0, 32), macKey: both.subarray(32) };
}

/** iv ‖ ciphertext ‖ tag */
export function encrypt(keys: SealKeys, plain: Buffer): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.encKey, iv);
  cipher.setAAD(AAD);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

export function decrypt(keys: SealKeys, sealed: Buffer): Buffer {
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keys.encKey, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(AAD);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new BackupError('The encrypted keys in this backup do not open with BACKUP_PASSPHRASE.');
  }
}

export function macOf(keys: SealKeys, manifestBytes: Buffer): string {
  return crypto.createHmac('sha256', keys.macKey).update(manifestBytes).digest('hex');
}

export function macMatches(keys: SealKeys, manifestBytes: Buffer, mac: string): boolean {
  const expected = Buffer.from(macOf(keys, manifestBytes), 'hex');
  const given = Buffer.from(mac.trim(), 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
