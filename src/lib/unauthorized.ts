/**
 * One place every client (the app API wrapper and the supabase-js fetch) reports a 401 to,
 * with the access token the refused request carried. The auth feature installs the listener
 * (src/features/auth/install-session-guard.ts); lib code stays free of feature imports.
 */
type Listener = (tokenUsed: string | null) => void;
let listener: Listener | null = null;

export function setUnauthorizedListener(next: Listener | null): void {
  listener = next;
}

export function reportUnauthorized(tokenUsed: string | null): void {
  listener?.(tokenUsed);
}

/** The bearer token of a request's headers, or null. */
export function bearerOf(headers: HeadersInit | undefined): string | null {
  const value = new Headers(headers).get('Authorization');
  return value?.startsWith('Bearer ') ? value.slice('Bearer '.length) : null;
}

/**
 * The fetch handed to supabase-js: it passes every call through and reports a 401 from the
 * data and storage services. Token grants are left out: a refused refresh or password is the
 * auth client's own business, not a sign of a revoked session.
 */
export const observedFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (res.status === 401) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\/auth\/v1\/(token|logout)\b/.test(url)) {
      const headers = init?.headers ?? (input instanceof Request ? input.headers : undefined);
      reportUnauthorized(bearerOf(headers));
    }
  }
  return res;
};
