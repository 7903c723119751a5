import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/startup-error';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'db-test-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('opening the database', () => {
  it('turns on WAL, foreign keys and a busy timeout', () => {
    const db = openDatabase(path.join(tmp(), 'app.db'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it('starts transactions with BEGIN IMMEDIATE, so another process waits instead of failing mid-way', () => {
    const file = path.join(tmp(), 'app.db');
    const db = openDatabase(file);
    const other = openDatabase(file);
    other.pragma('busy_timeout = 0');
    db.exec('CREATE TABLE t (x INTEGER)');
    const tryWrite = () => other.prepare('INSERT INTO t VALUES (2)').run();
    // The write lock is held from the start of the transaction, before it has written anything.
    db.transaction(() => {
      db.prepare('SELECT count(*) FROM t').get();
      expect(tryWrite).toThrow(/busy|locked/i);
    })();
    // The deferred variant stays available for read-only work and takes no write lock.
    db.transaction(() => {
      db.prepare('SELECT count(*) FROM t').get();
      expect(tryWrite).not.toThrow();
    }).deferred();
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    other.close();
    db.close();
  });

  it('stops with a readable fix when the file is not a database', () => {
    const file = path.join(tmp(), 'app.db');
    fs.writeFileSync(file, 'this is not sqlite, it is a shopping list '.repeat(200));
    expect(() => openDatabase(file)).toThrow(StartupError);
    try {
      openDatabase(file);
    } catch (err) {
      expect((err as StartupError).describe()).toMatch(
        /corrupt or is not a SQLite database[\s\S]*How to fix: Move it aside/,
      );
    }
  });
});

describe('migrations', () => {
  it('have unique, increasing numbers', () => {
    const versions = readMigrations().map((m) => m.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });

  it('apply once, in order, and are skipped on the next start', () => {
    const file = path.join(tmp(), 'app.db');
    const db = openDatabase(file);
    const first = migrate(db);
    expect(first.length).toBe(readMigrations().length);
    expect(migrate(db)).toEqual([]);
    db.close();
  });

  it('leave the database as it was when one of a run fails: all or nothing', () => {
    const db = openDatabase(path.join(tmp(), 'app.db'));
    const good = { version: 1, name: 'good', sql: 'CREATE TABLE a (x INTEGER);' };
    const bad = { version: 2, name: 'bad', sql: 'CREATE TABLE b (x INTEGER); THIS IS NOT SQL;' };
    expect(() => migrate(db, [good, bad])).toThrow();
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE name IN ('a', 'b', 'schema_migrations')").all(),
    ).toEqual([]);
    db.close();
  });
});
