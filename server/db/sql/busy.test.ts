import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../open';
import { freshSqlite, type TestDatabase } from './test-backends';
import { sqliteDatabase } from './sqlite';
import type { SqlDatabase } from './types';

/**
 * The SQLite wrapper waits for another connection's write lock with timers, not inside
 * better-sqlite3 (which would stop the event loop): a transaction that meets the lock is tried
 * again whole, from BEGIN, and never half of it twice.
 */

let db: TestDatabase;
let other: SqlDatabase;

beforeEach(async () => {
  db = freshSqlite();
  await db.sql.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  other = sqliteDatabase(openDatabase(db.location), { busyDeadlineMs: 3_000 });
});
afterEach(async () => {
  await other.close();
  await db.drop();
});

/** BEGIN IMMEDIATE and a write on a raw connection: what another process holds. */
function lockFromElsewhere(file: string) {
  const raw = new Database(file);
  raw.exec('BEGIN IMMEDIATE');
  raw.prepare("INSERT INTO notes (body) VALUES ('elsewhere')").run();
  return () => {
    raw.exec('COMMIT');
    raw.close();
  };
}

const bodies = async (sql: SqlDatabase) =>
  (await sql.all<{ body: string }>('SELECT body FROM notes ORDER BY id')).map((r) => r.body);

describe('a SQLite transaction meeting another connection’s write lock', () => {
  it('runs its function once, whole, after the lock is released, and timers fire meanwhile', async () => {
    const release = lockFromElsewhere(db.location);
    let runs = 0;
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const done = other.transaction(async (tx) => {
      runs++;
      await tx.run("INSERT INTO notes (body) VALUES ('a')");
      await tx.run("INSERT INTO notes (body) VALUES ('b')");
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs, 'nothing of it ran while the lock was held').toBe(0);
    expect(ticks, 'the event loop kept turning').toBeGreaterThan(3);
    release();
    await done;
    clearInterval(ticker);
    expect(runs).toBe(1);
    expect(await bodies(other)).toEqual(['elsewhere', 'a', 'b']);
  });

  it('rolls back and runs again from BEGIN when SQLITE_BUSY comes half-way', async () => {
    let runs = 0;
    await other.transaction(async (tx) => {
      runs++;
      await tx.run("INSERT INTO notes (body) VALUES ('first half')");
      if (runs === 1) throw new Database.SqliteError('database is locked', 'SQLITE_BUSY');
      await tx.run("INSERT INTO notes (body) VALUES ('second half')");
    });
    expect(runs).toBe(2);
    expect(await bodies(other)).toEqual(['first half', 'second half']);
  });

  it('gives up with SQLITE_BUSY at the deadline, having written nothing', async () => {
    const quick = sqliteDatabase(openDatabase(db.location), { busyDeadlineMs: 150 });
    const release = lockFromElsewhere(db.location);
    try {
      await expect(quick.run("INSERT INTO notes (body) VALUES ('never')")).rejects.toMatchObject({
        code: 'SQLITE_BUSY',
      });
      await expect(
        quick.transaction((tx) => tx.run("INSERT INTO notes (body) VALUES ('never')")),
      ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    } finally {
      release();
      await quick.close();
    }
    expect(await bodies(other)).toEqual(['elsewhere']);
  });

  it('lets reads through while a write of the same process waits for the lock', async () => {
    const release = lockFromElsewhere(db.location);
    const write = other.run("INSERT INTO notes (body) VALUES ('waiting')");
    // The waiting write does not hold the process's mutex between tries: this read answers now.
    expect(await bodies(other)).toEqual([]);
    release();
    await write;
    expect(await bodies(other)).toEqual(['elsewhere', 'waiting']);
  });
});
