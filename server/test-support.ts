import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Hono } from 'hono';
import { createApp } from './app';
import type { AppDeps, AppEnv } from './app-env';
import { testConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { databaseFile, openDatabase } from './db/open';
import { postgresDatabase, sqliteDatabase, type Dialect, type SqlDatabase } from './db/sql';
import { freshMigratedPostgres, serverTestBackend } from './db/sql/test-backends';
import { loadOrCreateKeys } from './lib/keys';
import { createLogger } from './lib/logger';

export const TEST_ORIGIN = 'http://localhost:8787';

/** Realtime is never used in tests, and Node 20 has no WebSocket for supabase-js to find. */
export class NoWebSocket {
  constructor() {
    throw new Error('realtime is not available in tests');
  }
}

export interface TestApp {
  app: Hono<AppEnv>;
  deps: AppDeps;
  dataDir: string;
  /** The database `deps.sql` is: TEST_BACKEND=postgres runs the server suites on PostgreSQL. */
  backend: Dialect;
  /** Moves the server's clock forward without sleeping. */
  advance(ms: number): void;
  /**
   * Another connection (SQLite) or pool (PostgreSQL) to the same database: what a second
   * server process of a cluster has, for exactly-once tests. Closed with the app.
   */
  anotherSql(): SqlDatabase;
  /** Same-origin fetch into the in-process app (what the browser would send). */
  fetch(input: string, init?: RequestInit): Promise<Response>;
  /** The unmodified supabase-js client, talking to the app in-process. */
  supabase(key?: string): SupabaseClient;
  close(): Promise<void>;
}

let sqliteTemplate: string | undefined;

/**
 * DATA_DIR/app.db with every SQLite migration applied: a copy of one database this process
 * migrated once (copying the file costs a tenth of the CPU of running every migration again).
 */
function migratedSqlite(dataDir: string): SqlDatabase {
  if (!sqliteTemplate || !fs.existsSync(sqliteTemplate)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-migrated-'));
    const template = openDatabase(databaseFile(dir));
    migrate(template);
    // Everything into the main file, so the one file is the whole database.
    template.pragma('wal_checkpoint(TRUNCATE)');
    template.close();
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    sqliteTemplate = databaseFile(dir);
  }
  fs.copyFileSync(sqliteTemplate, databaseFile(dataDir));
  return sqliteDatabase(openDatabase(databaseFile(dataDir)));
}

/** A fresh app on a temporary DATA_DIR with every migration applied. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-test-'));
  const config = testConfig({ dataDir, publicUrl: TEST_ORIGIN, ...overrides });
  const backend = serverTestBackend();
  const pg = backend === 'postgres' ? await freshMigratedPostgres() : undefined;
  const sql = pg?.sql ?? migratedSqlite(dataDir);
  const keys = await loadOrCreateKeys(dataDir);
  let offset = 0;
  const others: SqlDatabase[] = [];
  const deps: AppDeps = {
    config,
    sql,
    keys,
    logger: createLogger('silent'),
    now: () => Date.now() + offset,
  };
  const app = createApp(deps);
  const fetchIn = (input: string | URL | Request, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), TEST_ORIGIN), init);
    return Promise.resolve(app.fetch(req));
  };
  return {
    app,
    deps,
    dataDir,
    backend,
    advance: (ms) => {
      offset += ms;
    },
    anotherSql: () => {
      const other = pg
        ? postgresDatabase(pg.location, { max: 4 })
        : sqliteDatabase(openDatabase(databaseFile(dataDir)));
      others.push(other);
      return other;
    },
    fetch: (input, init) => fetchIn(input, init),
    supabase: (key = keys.anonKey) =>
      createClient(TEST_ORIGIN, key, {
        global: { fetch: fetchIn as typeof fetch },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: NoWebSocket as never },
      }),
    close: async () => {
      for (const other of others) await other.close();
      if (pg) await pg.drop();
      else await sql.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
