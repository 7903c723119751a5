import crypto from 'node:crypto';
import type { UserRow } from './repository';

type Json = Record<string, unknown>;

const APP_METADATA = { provider: 'email', providers: ['email'] };

export function parseMetadata(raw: string): Json {
  try {
    const v: unknown = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
  } catch {
    return {};
  }
}

/** Drops null timestamps: GoTrue omits them, and supabase-js treats absence as "not yet". */
function compact(o: Json): Json {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

/** The User object exactly as GoTrue serialises it (reference §2.9). */
export function userJson(u: UserRow): Json {
  const meta = parseMetadata(u.user_metadata);
  const identity = compact({
    identity_id: u.id,
    id: u.id,
    user_id: u.id,
    identity_data: {
      ...meta,
      sub: u.id,
      email: u.email,
      email_verified: !!u.email_confirmed_at,
      phone_verified: false,
    },
    provider: 'email',
    last_sign_in_at: u.last_sign_in_at,
    created_at: u.created_at,
    updated_at: u.updated_at,
    email: u.email,
  });
  return compact({
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: u.email_confirmed_at,
    phone: '',
    confirmed_at: u.email_confirmed_at,
    confirmation_sent_at: u.confirmation_sent_at,
    recovery_sent_at: u.recovery_sent_at,
    new_email: u.email_change,
    email_change_sent_at: u.email_change_sent_at,
    last_sign_in_at: u.last_sign_in_at,
    app_metadata: APP_METADATA,
    user_metadata: meta,
    identities: [identity],
    created_at: u.created_at,
    updated_at: u.updated_at,
    is_anonymous: false,
  });
}

/**
 * What signup answers for an email that already has a confirmed account: a plausible user with
 * a random id and no identities, so the response does not tell a stranger the address is taken.
 */
export function obfuscatedUserJson(email: string, metadata: Json, nowIso: string): Json {
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: nowIso,
    app_metadata: APP_METADATA,
    user_metadata: metadata,
    identities: [],
    created_at: nowIso,
    updated_at: nowIso,
    is_anonymous: false,
  };
}
