import { z } from 'zod';
import { CONTROL_MESSAGE, controlCharPath, hasControlChars } from '../lib/text';
import { AuthError } from './errors';

// ASCII only: addresses go into mail headers as they are, and the outbox/SMTP speak 7bit.
const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export const MAX_EMAIL_LENGTH = 254;

/** Lower-cased and trimmed, or GoTrue's 400 for anything that is not a plausible address. */
export function normalizeEmail(raw: string | undefined): string {
  const email = (raw ?? '').trim().toLowerCase();
  if (!email || email.length > MAX_EMAIL_LENGTH || !EMAIL_RE.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** Loose bounds for raw strings, so nothing huge reaches scrypt or the database. */
export const boundedString = z.string().max(1024);

const NAME_KEYS = ['first_name', 'last_name'] as const;
const MAX_METADATA_JSON = 4096;

/** Signup/updateUser `data`: free-form like GoTrue's, but bounded, with the names as strings. */
export const metadataSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((m) => JSON.stringify(m).length <= MAX_METADATA_JSON, 'user metadata is larger than 4 KB')
  .refine(
    (m) =>
      NAME_KEYS.every(
        (k) => m[k] === undefined || m[k] === null || (typeof m[k] === 'string' && m[k].length <= 100),
      ),
    'first_name and last_name must be text of at most 100 characters',
  )
  // Names are one line; any other text may span lines. The message names the field.
  .superRefine((m, ctx) => {
    const name = NAME_KEYS.find((k) => typeof m[k] === 'string' && hasControlChars(m[k]));
    const field = name ?? controlCharPath(m);
    if (field !== null) ctx.addIssue({ code: 'custom', path: field.split('.'), message: CONTROL_MESSAGE });
  });

/** Applies an update the GoTrue way: keys merge into the old metadata, a null removes a key. */
export function mergeMetadata(current: Record<string, unknown>, update: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  if (JSON.stringify(merged).length > MAX_METADATA_JSON) {
    throw new AuthError(400, 'validation_failed', 'data: user metadata is larger than 4 KB');
  }
  return merged;
}
