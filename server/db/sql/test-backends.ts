import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from 'vitest';
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
  const url = new URL(PG_URL);
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
