/** Rules of the admin page (spec: core §2 Admin, §5, §8), kept pure for tests. */
export const NOTICES = {
  missing: 'Please enter both URL and API key.',
  enabled: 'Supabase enabled. Refresh the page to connect.',
  // The spec's product switched to mock data; ours switches back to its built-in server and
  // says so (issue 8: 'mock data' told the operator something untrue).
  disabled: 'Switched back to the built-in Tuneful server.',
  saved: 'Supabase credentials saved. Enable Supabase to use live database.',
} as const;

export const INVALID_URL =
  'Please enter a full address starting with https:// (or http:// for a local server).';

/** Both are required (spec); the URL must also be absolute, as the auth client requires. */
export function validateBackend(url: string, key: string): string | null {
  if (!url.trim() || !key.trim()) return NOTICES.missing;
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return INVALID_URL;
  } catch {
    return INVALID_URL;
  }
  return null;
}

/** Trailing slashes removed, so `${url}/auth/v1` never has a double slash. */
export function normaliseUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

export type ConnectionState = 'connected' | 'key_refused' | 'unreachable' | 'unexpected';

export interface ConnectionResult {
  state: ConnectionState;
  latencyMs: number;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
}

/** What an answer of /auth/v1/settings (sent with the key) says about the backend. */
export function classifyStatus(status: number | null): ConnectionState {
  if (status === null) return 'unreachable';
  if (status >= 200 && status < 300) return 'connected';
  if (status === 401 || status === 403) return 'key_refused';
  return 'unexpected';
}

export function describeConnection(r: ConnectionResult): string {
  const ms = `${Math.round(r.latencyMs)} ms`;
  switch (r.state) {
    case 'connected':
      return `Connected · answered in ${ms}`;
    case 'key_refused':
      return `Reachable, but the key was refused (HTTP ${r.status}) · ${ms}`;
    case 'unreachable':
      return `Unreachable · no answer after ${ms}`;
    case 'unexpected':
      return `Unexpected answer (HTTP ${r.status}) · ${ms}`;
  }
}

/**
 * Measures a backend: GET <url>/auth/v1/settings with the key, timed. A timeout (default
 * 8 s) counts as unreachable.
 */
export async function checkConnection(
  url: string,
  key: string,
  fetchImpl: typeof fetch = fetch,
  now: () => number = () => performance.now(),
  timeoutMs = 8000,
): Promise<ConnectionResult> {
  const started = now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetchImpl(`${normaliseUrl(url)}/auth/v1/settings`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
      signal: controller.signal,
    });
    return { state: classifyStatus(res.status), latencyMs: now() - started, status: res.status };
  } catch {
    return { state: 'unreachable', latencyMs: now() - started, status: null };
  } finally {
    clearTimeout(timer);
  }
}
