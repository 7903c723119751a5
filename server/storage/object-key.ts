import path from 'node:path';
import { invalidKey, noSuchBucket } from './errors';

/**
 * The buckets: catalogue audio, members' voice notes kept in their account, and notes shared to
 * the Echoverse. The last two are private: members never sign or list them through
 * /storage/v1; the app's own routes sign a URL after checking who may hear the note
 * (server/api/voice-notes, server/api/echoverse). Their signed URLs stream like any other.
 */
export const BUCKETS = ['audio', 'voice-notes', 'echoverse'] as const;
export const PRIVATE_BUCKETS: ReadonlySet<string> = new Set(['voice-notes', 'echoverse']);

/** Hosted Storage's key alphabet (reference §4): no `%`, `#`, backslash, NUL or non-ASCII. */
const KEY_CHARS = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const MAX_KEY_LENGTH = 1024;

export function requireBucket(bucket: string): string {
  if (!(BUCKETS as readonly string[]).includes(bucket)) throw noSuchBucket();
  return bucket;
}

/**
 * Validates a decoded object key. Keys are relative paths whose segments are never empty, `.`
 * or `..`, so no key can name anything outside its bucket folder, however it was encoded.
 */
export function validateKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_CHARS.test(key)) throw invalidKey(key);
  const segments = key.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw invalidKey(key);
  return key;
}

/**
 * The decoded key after `prefix` in a request path. Uses the raw URL path so `%2F` and `%2e`
 * are decoded exactly once here and then validated, instead of by a router on the way in.
 */
export function keyFromPath(rawPathname: string, prefix: string): string {
  const rest = rawPathname.slice(prefix.length);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    throw invalidKey(rest);
  }
  return validateKey(decoded);
}

/** The file of a key; the containment check repeats the key rules at the file-system level. */
export function objectFile(bucketRoot: string, key: string): string {
  const root = path.resolve(bucketRoot);
  const file = path.resolve(root, ...validateKey(key).split('/'));
  if (!file.startsWith(root + path.sep)) throw invalidKey(key);
  return file;
}
