import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { prepareData } from '../boot/prepare';
import { testConfig } from '../config';
import { NoWebSocket } from '../test-support';
import { createLogger } from '../lib/logger';
import { migrate, readMigrations } from './migrate';
import { migrateSql } from './migrate-sql';
import { DatabaseNewerError } from './newer-error';
import { databaseFile, openDatabase } from './open';
import { sqliteDatabase } from './sql';

// A DATA_DIR written by an earlier release (commit c5b0609, migrations 0001-0045) through its
// own routes: two members and six days of practice. See fixtures/db/README.md.
const RELEASE = path.resolve(import.meta.dirname, '../../fixtures/db/release-c5b0609');
const said = JSON.parse(fs.readFileSync(path.join(RELEASE, 'what-the-release-said.json'), 'utf8')) as {
  members: { id: string; email: string; password: string }[];
  adaDashboard: { user: { totalSessions: number; toneTokens: number; currentStreak: number } };
  adaCompleted: { sessionId: number; title: string; completedAt: string }[];
  benDashboard: { user: { totalSessions: number; toneTokens: number } };
};
const ORIGIN = 'http://localhost:8787';
const dirs: string[] = [];

function copyOfRelease(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-upgrade-'));
  dirs.push(dataDir);
  for (const file of ['app.db', 'keys.json'])
    fs.copyFileSync(path.join(RELEASE, file), path.join(dataDir, file));
  return dataDir;
}

function tables(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
  }[];
  const counts = Object.fromEntries(
    names.map(({ name }) => [
      name,
      (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n,
    ]),
  );
  db.close();
  return counts;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a database written by an earlier release', () => {
  it('starts on this version with every member, their history and their tokens', async () => {
    const dataDir = copyOfRelease();
    const before = tables(databaseFile(dataDir));
    const config = testConfig({ dataDir, publicUrl: ORIGIN, demoSeed: true });
    const logger = createLogger('silent');
    const { sql, keys } = await prepareData(config, logger);
    // The day after Ada's sixth day of practice (2026-10-10, Europe/London).
    const now = () => Date.parse('2026-10-11T08:00:00Z');
    const deps: AppDeps = { config, sql, keys, logger, now };
    const app = createApp(deps);
    const fetchIn = (input: string | URL | Request, init?: RequestInit) =>
      Promise.resolve(
        app.fetch(input instanceof Request ? input : new Request(new URL(String(input), ORIGIN), init)),
      );
    try {
      const after = tables(databaseFile(dataDir));
      for (const table of [
        'users',
        'session_completions',
        'template_sessions',
        'reflections',
        'mood_entries',
        'voice_goals',
      ])
        expect(after[table], table).toBe(before[table]);

      const [ada, ben] = said.members;
      for (const member of [ada!, ben!]) {
        const client = createClient(ORIGIN, keys.anonKey, {
          global: { fetch: fetchIn as typeof fetch },
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: { transport: NoWebSocket as never },
        });
        // The earlier release's password hashes still sign in.
        const { data, error } = await client.auth.signInWithPassword({
          email: member.email,
          password: member.password,
        });
        expect(error).toBeNull();
        expect(data.user?.id).toBe(member.id);
        const get = async (p: string) => {
          const res = await fetchIn(`/api${p}`, {
            headers: { Authorization: `Bearer ${data.session!.access_token}` },
          });
          expect(res.status, p).toBe(200);
          return res.json();
        };
        const dashboard = await get(`/users/${member.id}/dashboard`);
        const earlier = member === ada ? said.adaDashboard : said.benDashboard;
        expect(dashboard.user.toneTokens, member.email).toBe(earlier.user.toneTokens);
        expect(dashboard.user.totalSessions, member.email).toBe(earlier.user.totalSessions);
        if (member === ada) {
          const completed = (await get(`/users/${member.id}/completed-sessions`)) as {
            sessionId: number;
            title: string;
          }[];
          for (const entry of said.adaCompleted)
            expect(completed).toContainEqual(
              expect.objectContaining({ sessionId: entry.sessionId, title: entry.title }),
            );
          const goals = (await get('/voice-goals')) as { targetMetric: string; targetDate: string }[];
          // Issue 21: Ada set "tonal clarity 80" on the release's 0-100 blend; it is kept, marked as
          // on that retired scale, so voice health never reads it as 80 dB of CPPS.
          expect(goals).toEqual([
            expect.objectContaining({
              targetMetric: 'tonalClarity',
              targetValue: 80,
              targetDate: '2027-01-31',
              scale: 'retired-blend',
            }),
          ]);
        }
      }
    } finally {
      await sql.close();
    }
  });
});

describe('migrations', () => {
  it('refuse a database written by a newer version, name what is unknown and change nothing', async () => {
    const dataDir = copyOfRelease();
    const file = databaseFile(dataDir);
    const db = openDatabase(file);
    migrate(db);
    db.prepare(
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from_the_future', '2030-01-01')",
    ).run();
    db.close();
    const before = fs.readFileSync(file);

    const sql = sqliteDatabase(openDatabase(file));
    const refusal = await migrateSql(sql).catch((err: unknown) => err);
    await sql.close();
    expect(refusal).toBeInstanceOf(DatabaseNewerError);
    expect((refusal as DatabaseNewerError).describe()).toMatch(
      /written by a newer version of Tuneful: it has migration 9999 from_the_future[\s\S]*How to fix: Run the newer version/,
    );
    expect(fs.readFileSync(file).equals(before)).toBe(true);

    const sync = openDatabase(file);
    expect(() => migrate(sync)).toThrow(DatabaseNewerError);
    sync.close();
  });

  it('leave the database exactly as it was when one of several fails', async () => {
    const dataDir = copyOfRelease();
    const file = databaseFile(dataDir);
    const before = tables(file);
    const known = readMigrations();
    const failing = {
      version: 9998,
      name: 'fails_halfway',
      sql: 'CREATE TABLE half (x INTEGER); THIS IS NOT SQL;',
    };
    const sql = sqliteDatabase(openDatabase(file));
    await expect(migrateSql(sql, [...known, failing])).rejects.toThrow();
    await sql.close();
    // Neither the earlier release's pending migrations nor the failing one left a trace.
    expect(tables(file)).toEqual(before);
  });
});
