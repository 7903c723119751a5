import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../lib/startup-error';
import { checkDatabase } from './health';
import { sqliteDatabase } from './sql';
import { migrate } from './migrate';
import { assertNotTruncated, openDatabase } from './open';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'damaged-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A real database of about 1 MB, closed and checkpointed, like one after a clean stop. */
function populated(file: string): void {
  const db = openDatabase(file);
  migrate(db);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)');
  const insert = db.prepare('INSERT INTO filler (text) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < 4000; i++) insert.run(`row ${i} `.repeat(30));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function describeError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(StartupError);
    return (err as StartupError).describe();
  }
  throw new Error('expected a StartupError');
}

describe('a damaged database is never served', () => {
  it('refuses a file with 8 KB of garbage in the middle, saying to restore from backup', () => {
    const file = path.join(tmp(), 'app.db');
    populated(file);
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(8192, 0xa5), 0, 8192, Math.floor(size / 2 / 4096) * 4096);
    fs.closeSync(fd);
    const text = describeError(() => openDatabase(file));
    expect(text).toMatch(/is damaged|corrupt/);
    expect(text).toMatch(/restore app\.db from your latest backup/);
  });

  it('refuses a database that cannot be written, before anything serves', () => {
    const file = path.join(tmp(), 'app.db');
    populated(file);
    // Opened read-only, as SQLite falls back to when the file or folder is not writable.
    const text = describeError(() => openDatabase(file, { readonly: true }));
    expect(text).toMatch(/cannot be written/);
    expect(text).toMatch(/How to fix: Check that the folder/);
  });

  it('refuses an empty app.db beside an existing keys.json instead of starting a new install', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'keys.json'), '{}');
    fs.writeFileSync(path.join(dir, 'app.db'), '');
    const text = describeError(() => assertNotTruncated(dir));
    expect(text).toMatch(/is empty \(0 bytes\)[\s\S]*restore app\.db from your latest backup/);
  });

  it('still treats an empty folder as a new install', () => {
    const dir = tmp();
    expect(() => assertNotTruncated(dir)).not.toThrow();
    fs.writeFileSync(path.join(dir, 'app.db'), '');
    expect(() => assertNotTruncated(dir)).not.toThrow();
  });
});

describe('database health', () => {
  it('reports ok with the schema version for a working database, leaving no probe row', async () => {
    const db = openDatabase(path.join(tmp(), 'app.db'));
    migrate(db);
    const sql = sqliteDatabase(db);
    expect(await checkDatabase(sql)).toMatchObject({ ok: true, state: 'ok' });
    expect((await checkDatabase(sql)).schemaVersion).toBeGreaterThan(0);
    expect(await sql.get('SELECT count(*) AS n FROM schema_migrations WHERE version < 0')).toEqual({ n: 0 });
    await sql.close();
  });

  it('reports readonly when writes fail although reads work', async () => {
    const file = path.join(tmp(), 'app.db');
    populated(file);
    const sql = sqliteDatabase(new Database(file, { readonly: true }));
    expect(await checkDatabase(sql)).toMatchObject({ ok: false, state: 'readonly' });
    await sql.close();
  });
});
