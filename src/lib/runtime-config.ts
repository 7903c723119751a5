import { z } from 'zod';

/** What the server tells the SPA at boot (GET /api/config). */
const schema = z.object({ anonKey: z.string().min(1), demoMode: z.boolean() });
export type RuntimeConfig = z.infer<typeof schema>;

export async function fetchRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The server did not give its configuration (${res.status}).`);
  return schema.parse(await res.json());
}
