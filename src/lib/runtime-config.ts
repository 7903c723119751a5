/** What the server tells the SPA at boot (GET /api/config). */
export interface RuntimeConfig {
  anonKey: string;
  demoMode: boolean;
}

/**
 * Checked by hand rather than with zod: this runs on the first screen, and zod would add tens of
 * kilobytes to the code every visitor downloads before anything is shown.
 */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const value = (body ?? {}) as Record<string, unknown>;
  if (typeof value.anonKey !== 'string' || value.anonKey.length === 0) {
    throw new Error('The server configuration has no anonKey.');
  }
  if (typeof value.demoMode !== 'boolean') {
    throw new Error('The server configuration has no demoMode flag.');
  }
  return { anonKey: value.anonKey, demoMode: value.demoMode };
}

export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The server did not give its configuration (${res.status}).`);
  return parseRuntimeConfig(await res.json());
}

/**
 * The config the server wrote into index.html (`<meta name="tuneful-config">`), so boot needs no
 * request before the first screen renders. null when absent (Vite's dev server) or unusable:
 * then the app fetches /api/config as before.
 */
export function inlineRuntimeConfig(doc: Pick<Document, 'querySelector'>): RuntimeConfig | null {
  const content = doc.querySelector('meta[name="tuneful-config"]')?.getAttribute('content');
  if (!content) return null;
  try {
    return parseRuntimeConfig(JSON.parse(content));
  } catch {
    return null;
  }
}
