import { PgrstError } from './errors';

export interface Negotiated {
  /** `.single()`: answer one object instead of an array, or 406. */
  singular: boolean;
  stripNulls: boolean;
  returnRepresentation: boolean;
  count: boolean;
}

const ARRAY_TYPES = ['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'];
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

/** Only the public schema exists; any other profile is PostgREST's PGRST106. */
export function checkProfile(headers: Headers): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = headers.get(name);
    if (profile !== null && profile.trim() !== 'public') {
      throw new PgrstError(
        406,
        'PGRST106',
        `Invalid schema: ${profile.trim()}`,
        null,
        'Only the following schemas are exposed: public',
      );
    }
  }
}

/**
 * Reads Accept and Prefer. supabase-js appends Prefer values with Headers.append, so they
 * arrive comma-joined (`count=exact, return=representation`).
 */
export function negotiate(headers: Headers): Negotiated {
  const prefer = new Map<string, string>();
  for (const part of (headers.get('prefer') ?? '').split(',')) {
    const [k, v = ''] = part.trim().split('=');
    if (k) prefer.set(k.trim(), v.trim());
  }
  const accept = (headers.get('accept') ?? '').trim();
  const types = accept === '' ? [] : accept.split(',').map((t) => t.trim().toLowerCase());
  const singular = types.some((t) => t.startsWith(OBJECT_TYPE));
  const arrayOk = types.length === 0 || types.some((t) => ARRAY_TYPES.some((a) => t.startsWith(a)));
  if (!singular && !arrayOk) {
    throw new PgrstError(406, 'PGRST107', `None of these media types are available: ${accept.slice(0, 200)}`);
  }
  return {
    singular,
    stripNulls: types.some((t) => /nulls=stripped/.test(t)),
    returnRepresentation: prefer.get('return') === 'representation',
    count: ['exact', 'planned', 'estimated'].includes(prefer.get('count') ?? ''),
  };
}

export function contentType(n: Negotiated): string {
  return `${n.singular ? OBJECT_TYPE : 'application/json'}; charset=utf-8`;
}

/** PostgREST's Content-Range: `first-last/total`, `*` for unknown parts. */
export function contentRange(offset: number, returned: number, total: number | null): string {
  const range = returned > 0 ? `${offset}-${offset + returned - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}
