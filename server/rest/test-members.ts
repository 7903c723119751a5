import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signAccessToken } from '../auth/tokens';
import { TEST_ORIGIN, type TestApp } from '../test-support';

/**
 * Test helpers shared by the rest, storage and listening suites: members are created straight
 * in the database (the sign-in routes are another suite's subject) with a real access token.
 */
export interface TestMember {
  id: string;
  email: string;
  sessionId: string;
  token: string;
  /** The unmodified supabase-js client, sending this member's token on rest and storage calls. */
  client: SupabaseClient;
}

export async function createMember(
  t: TestApp,
  email = `${crypto.randomUUID()}@example.com`,
): Promise<TestMember> {
  const id = crypto.randomUUID();
  const sessionId = crypto.randomUUID();
  const now = new Date(t.deps.now()).toISOString();
  await t.deps.sql.transaction(async (tx) => {
    await tx.run(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at, updated_at)
       VALUES (?, ?, 'not-a-real-hash', ?, ?, ?)`,
      [id, email, now, now, now],
    );
    await tx.run('INSERT INTO auth_sessions (id, user_id, created_at, updated_at) VALUES (?, ?, ?, ?)', [
      sessionId,
      id,
      now,
      now,
    ]);
  });
  const token = await mintToken(t, { id, email, sessionId });
  return { id, email, sessionId, token, client: clientWithToken(t, token) };
}

export function mintToken(
  t: TestApp,
  m: { id: string; email: string; sessionId: string },
  nowMs = t.deps.now(),
): Promise<string> {
  return signAccessToken(t.deps.keys.jwtSecret, {
    userId: m.id,
    email: m.email,
    sessionId: m.sessionId,
    userMetadata: {},
    amrMethod: 'password',
    issuer: `${TEST_ORIGIN}/auth/v1`,
    nowS: Math.floor(nowMs / 1000),
  });
}

/**
 * Node 20 has no global WebSocket, and supabase-js builds its realtime client eagerly, so
 * createClient throws without a transport. Realtime is never used here: a stub that refuses.
 */
class NoRealtime {
  constructor() {
    throw new Error('Realtime is not used by these tests.');
  }
}

/**
 * supabase-js talking to the app in-process: `apikey` is `key` (anon by default), and the bearer
 * is `token` when given (a member), else the key itself, as the client does by default.
 */
export function testClient(t: TestApp, opts: { key?: string; token?: string } = {}): SupabaseClient {
  const fetchIn = (input: RequestInfo | URL, init?: RequestInit) =>
    input instanceof Request ? Promise.resolve(t.app.fetch(input)) : t.fetch(String(input), init);
  return createClient(TEST_ORIGIN, opts.key ?? t.deps.keys.anonKey, {
    global: {
      fetch: fetchIn as typeof fetch,
      headers: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
    },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
  });
}

export const clientWithToken = (t: TestApp, token: string) => testClient(t, { token });

export interface TestSession {
  id: number;
  title: string;
  skill_level?: string;
  length_sec?: number;
  category?: string[];
  moods?: string[];
  intentions?: string[];
  tags?: string;
  voice_path?: string | null;
  instr_path?: string | null;
  description?: string;
}

/** Inserts catalogue rows with sensible defaults (the real catalogue is seeded elsewhere). */
export async function insertSessions(t: TestApp, sessions: readonly TestSession[]): Promise<void> {
  await t.deps.sql.transaction(async (tx) => {
    for (const s of sessions) {
      await tx.run(
        `INSERT INTO sessions
          (id, title, description, voice_path, instr_path, length_sec, skill_level, category, moods, tags,
           intentions, musicians)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')`,
        [
          s.id,
          s.title,
          s.description ?? '',
          s.voice_path ?? null,
          s.instr_path ?? null,
          s.length_sec ?? 600,
          s.skill_level ?? 'beginner',
          JSON.stringify(s.category ?? []),
          JSON.stringify(s.moods ?? []),
          s.tags ?? '',
          JSON.stringify(s.intentions ?? []),
        ],
      );
    }
  });
}
