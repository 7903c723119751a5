import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
import { migrateSql, migrationsFor } from '../migrate-sql';
import { openDatabase } from '../open';
import { postgresDatabase } from './postgres';
import { sqliteDatabase } from './sqlite';
import type { Dialect, SqlDatabase } from './types';

/** The PostgreSQL server the test command started (scripts/postgres.mjs), if any. */
export const PG_URL = process.env.TEST_DATABASE_URL;
export const PG_SKIP_REASON =
  'no PostgreSQL: TEST_DATABASE_URL is not set. `npm test` and `npm run test:pg -- <files>` start one (scripts/postgres.mjs).';

export interface TestDatabase {
  sql: SqlDatabase;
  /** postgres:// URL of this test's own database, or the SQLite file. */
  location: string;
  drop(): Promise<void>;
}

/** A fresh, empty SQLite file in a temp folder. */
export function freshSqlite(): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-test-'));
  const file = path.join(dir, 'app.db');
  const sql = sqliteDatabase(openDatabase(file));
  return {
    sql,
    location: file,
    drop: async () => {
      await sql.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database on the test PostgreSQL server (one per test, dropped after). */
export async function freshPostgres(): Promise<TestDatabase> {
  if (!PG_URL) throw new Error(PG_SKIP_REASON);
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgresDatabase(PG_URL, { max: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  return connectCreated(PG_URL, admin, name);
}

/** The test database `name` just created through `admin`; dropping it closes both. */
function connectCreated(serverUrl: string, admin: SqlDatabase, name: string): TestDatabase {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const sql = postgresDatabase(url.toString(), { max: 4 });
  return {
    sql,
    location: url.toString(),
    drop: async () => {
      await sql.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** Which database the server suites run on: `TEST_BACKEND=postgres` (with TEST_DATABASE_URL), else SQLite. */
export function serverTestBackend(): Dialect {
  const wanted = process.env.TEST_BACKEND ?? 'sqlite';
  if (wanted !== 'sqlite' && wanted !== 'postgres') {
    throw new Error(`TEST_BACKEND must be sqlite or postgres, not ${wanted}`);
  }
  if (wanted === 'postgres' && !PG_URL) throw new Error(`TEST_BACKEND=postgres needs ${PG_SKIP_REASON}`);
  return wanted;
}

let template: Promise<string> | undefined;

/**
 * The name of a database with every PostgreSQL migration applied, made once per migration set
 * and shared by every test process (an advisory lock makes one of them create it). Cloning it
 * (CREATE DATABASE … TEMPLATE) takes tens of milliseconds; migrating afresh takes seconds.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const m of migrationsFor({ dialect: 'postgres' })) hash.update(`${m.version}:${m.sql}`);
    const name = `tmpl_${hash.digest('hex').slice(0, 16)}`;
    const admin = postgresDatabase(PG_URL!, { max: 1 });
    try {
      await admin.transaction(async (tx) => {
        await tx.get('SELECT pg_advisory_xact_lock(?)', [7_414_015]);
        if (await tx.get('SELECT 1 AS found FROM pg_database WHERE datname = ?', [name])) return;
        // CREATE DATABASE cannot run in a transaction: a second connection makes it.
        const maker = postgresDatabase(PG_URL!, { max: 1 });
        try {
          await maker.exec(`CREATE DATABASE ${name}_wip`);
          const url = new URL(PG_URL!);
          url.pathname = `/${name}_wip`;
          const db = postgresDatabase(url.toString(), { max: 1 });
          try {
            await migrateSql(db);
          } finally {
            await db.close();
          }
          // Renamed only once complete, so a crashed run never leaves a half-migrated template.
          await maker.exec(`ALTER DATABASE ${name}_wip RENAME TO ${name}`);
        } catch (err) {
          await maker.exec(`DROP DATABASE IF EXISTS ${name}_wip WITH (FORCE)`).catch(() => {});
          throw err;
        } finally {
          await maker.close();
        }
      });
    } finally {
      await admin.close();
    }
    return name;
  })();
  return template;
}

/** A fresh database on the test PostgreSQL server with every migration applied (dropped after). */
export async function freshMigratedPostgres(): Promise<TestDatabase> {
  if (!PG_URL) throw new Error(PG_SKIP_REASON);
  const from = await migratedTemplate();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgresDatabase(PG_URL, { max: 1 });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${from}`);
      break;
    } catch (err) {
      // Another process's clone of the same template can hold it for a moment.
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  return connectCreated(PG_URL, admin, name);
}

export interface Backend {
  dialect: Dialect;
  fresh(): Promise<TestDatabase>;
}

const BACKENDS: Backend[] = [
  { dialect: 'sqlite', fresh: async () => freshSqlite() },
  { dialect: 'postgres', fresh: freshPostgres },
];

/** Declares the same tests for SQLite and PostgreSQL; PostgreSQL is skipped with its reason. */
export function describeEachBackend(title: string, body: (backend: Backend) => void): void {
  for (const backend of BACKENDS) {
    const skip = backend.dialect === 'postgres' && !PG_URL;
    describe.skipIf(skip)(`${title} [${backend.dialect}${skip ? ` skipped: ${PG_SKIP_REASON}` : ''}]`, () =>
      body(backend),
    );
  }
}
