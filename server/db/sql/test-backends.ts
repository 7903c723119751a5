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

/**
 * What a fresh clone of the template looks like, read once per process from its first clone:
 * a fingerprint of the schema (tables, columns, constraints, indexes, functions, triggers, the
 * applied migrations) and every sequence's position.
 */
interface Pristine {
  fingerprint: string;
  sequences: { name: string; last_value: number | null; start_value: number }[];
  /** The rows the migrations themselves wrote (schema_migrations, any seeded catalogue), as JSON. */
  seeded: { name: string; rows: string }[];
}
let pristine: Promise<Pristine> | undefined;

const FINGERPRINT = `SELECT md5(concat_ws('|',
  (SELECT string_agg(nspname, ',' ORDER BY nspname) FROM pg_namespace),
  (SELECT string_agg(extname, ',' ORDER BY extname) FROM pg_extension),
  (SELECT string_agg(c.relname || ':' || c.relkind::text, ',' ORDER BY c.relname)
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'),
  (SELECT string_agg(c.relname || '.' || a.attname || ':' || a.atttypid || ':' || a.attnotnull || ':' ||
            a.attisdropped || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), ',' ORDER BY c.relname, a.attnum)
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname = 'public' AND a.attnum > 0),
  (SELECT string_agg(conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid), ',' ORDER BY conrelid::regclass::text, conname)
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
  (SELECT string_agg(indexdef, ',' ORDER BY indexname) FROM pg_indexes WHERE schemaname = 'public'),
  (SELECT string_agg(proname || ':' || md5(prosrc), ',' ORDER BY proname, md5(prosrc))
     FROM pg_proc WHERE pronamespace = 'public'::regnamespace),
  (SELECT string_agg(tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text, ',' ORDER BY tgrelid::regclass::text, tgname)
     FROM pg_trigger WHERE NOT tgisinternal),
  (SELECT string_agg(viewname || ':' || md5(definition), ',' ORDER BY viewname) FROM pg_views WHERE schemaname = 'public'),
  (SELECT string_agg(version::text || ':' || name, ',' ORDER BY version) FROM schema_migrations),
  (SELECT string_agg(array_to_string(setconfig, ';'), ',') FROM pg_db_role_setting
     WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database()))
)) AS fingerprint`;

const SEQUENCES = `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value, start_value
  FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`;

/**
 * Empties a used test database back to the template's state: every table's rows deleted
 * (foreign keys and triggers off meanwhile, so the order does not matter), the migrations' own
 * rows written back, every sequence where the template had it. Deleting a few rows from ~40 mostly empty
 * tables costs a few milliseconds; cloning the template afresh costs 150-500 ms of the database
 * server's CPU (it copies every page of the catalogues too). Returns false, changing nothing the
 * caller relies on, when the test changed the schema or the migrations: that database is dropped.
 */
async function resetToPristine(db: SqlDatabase, want: Pristine): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = await tx.get<{ fingerprint: string }>(FINGERPRINT);
    if (now?.fingerprint !== want.fingerprint) return false;
    await tx.exec(`SET LOCAL session_replication_role = replica;
      DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
          EXECUTE format('DELETE FROM public.%I', r.tablename);
        END LOOP;
      END $$;`);
    for (const t of want.seeded) {
      await tx.run(`INSERT INTO ${t.name} SELECT * FROM json_populate_recordset(NULL::${t.name}, ?::json)`, [
        t.rows,
      ]);
    }
    // Every sequence where the template had it, in one statement: an ALTER SEQUENCE … RESTART
    // each was over half of the reset's time. One the template never used goes back to its start
    // value, not yet called (what RESTART does, and what a clone has).
    const positions = want.sequences.map((q) =>
      q.last_value === null
        ? `setval(${literal(q.name)}::regclass, ${whole(q.start_value)}, false)`
        : `setval(${literal(q.name)}::regclass, ${whole(q.last_value)}, true)`,
    );
    if (positions.length > 0) await tx.get(`SELECT ${positions.join(', ')}`);
    return true;
  });
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A sequence position read from pg_sequences (bigint, possibly as text), checked to be an integer. */
function whole(value: number | string): string {
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw new Error(`not a sequence position: ${text}`);
  return text;
}

/** Renames a database once the backends of the connections just closed have gone (a moment). */
async function renameWhenClosed(admin: SqlDatabase, from: string, to: string): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      await admin.exec(`ALTER DATABASE ${from} RENAME TO ${to}`);
      return true;
    } catch (err) {
      if (!/being accessed by other users/.test(String(err))) return false;
      await new Promise((r) => setTimeout(r, 10 + attempt * 10));
    }
  }
  return false;
}

const freePrefix = (template: string) => `free_${template.slice('tmpl_'.length)}_`;

/**
 * A database emptied by a test that ended, renamed to free_<template>_…: the next test (in this
 * process or another) renames it to its own name. A rename is atomic, so two processes never
 * take the same one; the loser clones the template instead.
 */
async function takeFree(admin: SqlDatabase, template: string, name: string): Promise<boolean> {
  const free = await admin.all<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE ? ORDER BY random() LIMIT 3`,
    [`${freePrefix(template)}%`],
  );
  for (const { datname } of free) {
    try {
      await admin.exec(`ALTER DATABASE ${datname} RENAME TO ${name}`);
      return true;
    } catch {
      // Taken by another process a moment ago (or still in use): try the next.
    }
  }
  return false;
}

/**
 * A fresh database on the test PostgreSQL server with every migration applied, as if just
 * cloned from the template: either a clone, or a database a finished test used and that was
 * then emptied back to the template's state (same schema fingerprint, tables empty but for
 * schema_migrations, sequences where the template had them). `drop()` empties it for the next
 * test, or drops it when the test changed its schema.
 */
export async function freshMigratedPostgres(): Promise<TestDatabase> {
  if (!PG_URL) throw new Error(PG_SKIP_REASON);
  const from = await migratedTemplate();
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgresDatabase(PG_URL, { max: 1 });
  if (!(await takeFree(admin, from, name))) {
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
  }
  const created = connectCreated(PG_URL, admin, name);
  if (!pristine) {
    const read = (async (): Promise<Pristine> => {
      const seeded: Pristine['seeded'] = [];
      const tables = await created.sql.all<{ name: string }>(
        `SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
      );
      for (const { name: table } of tables) {
        const got = await created.sql.get<{ rows: string | null }>(
          `SELECT json_agg(t)::text AS rows FROM ${table} t`,
        );
        if (got?.rows) seeded.push({ name: table, rows: got.rows });
      }
      return {
        fingerprint: (await created.sql.get<{ fingerprint: string }>(FINGERPRINT))!.fingerprint,
        sequences: await created.sql.all<Pristine['sequences'][number]>(SEQUENCES),
        seeded,
      };
    })();
    pristine = read;
    // A failed read (the database went away) is retried by the next test.
    read.catch(() => {
      if (pristine === read) pristine = undefined;
    });
  }
  const want = await pristine;
  return {
    ...created,
    drop: async () => {
      await created.sql.close();
      let reused = false;
      try {
        // Connections the test may have left open must not see (or block) the reset.
        await admin.get(
          'SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()',
          [name],
        );
        const db = postgresDatabase(created.location, { max: 1 });
        try {
          reused = await resetToPristine(db, want);
        } finally {
          await db.close();
        }
        if (reused) reused = await renameWhenClosed(admin, name, `${freePrefix(from)}${name.slice(2)}`);
      } catch {
        reused = false;
      }
      if (!reused) await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
