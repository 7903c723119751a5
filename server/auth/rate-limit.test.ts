import { afterEach, describe, expect, it } from 'vitest';
import { migrateSql } from '../db/migrate-sql';
import { openDatabase } from '../db/open';
import { sqliteDatabase, type SqlDatabase } from '../db/sql';
import {
  freshMigratedPostgres,
  freshSqlite,
  serverTestBackend,
  type TestDatabase,
} from '../db/sql/test-backends';
import { postgresDatabase } from '../db/sql/postgres';
import { failureBackoff, slidingWindow } from './rate-limit';

/**
 * The counters are rows in the database (shared by every process), so each test gets one:
 * SQLite, or PostgreSQL with TEST_BACKEND=postgres (as the server suites run).
 */
const open: TestDatabase[] = [];
const extra: SqlDatabase[] = [];
afterEach(async () => {
  for (const s of extra.splice(0)) await s.close();
  for (const d of open.splice(0)) await d.drop();
});

async function freshDb(): Promise<TestDatabase> {
  let d: TestDatabase;
  if (serverTestBackend() === 'postgres') d = await freshMigratedPostgres();
  else {
    d = freshSqlite();
    await migrateSql(d.sql);
  }
  open.push(d);
  return d;
}

/** A second connection to the same database, as a second server process has. */
function secondConnection(d: TestDatabase): SqlDatabase {
  const s =
    d.sql.dialect === 'postgres'
      ? postgresDatabase(d.location, { max: 2 })
      : sqliteDatabase(openDatabase(d.location));
  extra.push(s);
  return s;
}

describe('slidingWindow', () => {
  it('allows max hits in the window, then says how many seconds to wait', async () => {
    let now = 0;
    const limit = slidingWindow((await freshDb()).sql, 'test', 2, 60_000, () => now);
    expect(await limit.hit('a')).toBe(0);
    now = 10_000;
    expect(await limit.hit('a')).toBe(0);
    now = 20_000;
    expect(await limit.hit('a')).toBe(40);
    expect(await limit.hit('b')).toBe(0);
  });

  it('slides: the oldest hit leaving the window frees one slot', async () => {
    let now = 0;
    const limit = slidingWindow((await freshDb()).sql, 'test', 2, 60_000, () => now);
    await limit.hit('a');
    now = 30_000;
    await limit.hit('a');
    now = 60_001;
    expect(await limit.hit('a')).toBe(0);
    expect(await limit.hit('a')).toBeGreaterThan(0);
  });

  it('does not count refused hits against the caller', async () => {
    let now = 0;
    const limit = slidingWindow((await freshDb()).sql, 'test', 1, 1000, () => now);
    await limit.hit('a');
    for (let i = 0; i < 5; i++) await limit.hit('a');
    now = 1001;
    expect(await limit.hit('a')).toBe(0);
  });
});

describe('limits shared between processes', () => {
  it('counts the hits of two connections (two processes) on one database together', async () => {
    const d = await freshDb();
    const a = d.sql;
    const b = secondConnection(d);
    const now = () => 1_000;
    const inA = slidingWindow(a, 'shared', 3, 60_000, now);
    const inB = slidingWindow(b, 'shared', 3, 60_000, now);
    expect([await inA.hit('ip'), await inB.hit('ip'), await inA.hit('ip')]).toEqual([0, 0, 0]);
    expect(await inB.hit('ip')).toBeGreaterThan(0);
    // Another limit (bucket) over the same key counts on its own.
    expect(await slidingWindow(b, 'other', 3, 60_000, now).hit('ip')).toBe(0);

    const failA = failureBackoff(a, 'pair', 2, now);
    const failB = failureBackoff(b, 'pair', 2, now);
    await failA.fail('k');
    expect(await failB.wait('k')).toBe(0);
    await failB.fail('k');
    expect(await failA.wait('k')).toBe(15);
    await failA.succeed('k');
    expect(await failB.wait('k')).toBe(0);
  });

  it('lets exactly max of many simultaneous hits through from two connections', async () => {
    const d = await freshDb();
    const now = () => 5_000;
    // PostgreSQL: two pools, as two processes have. SQLite: two connections of one process
    // would block each other's event loop inside BEGIN IMMEDIATE, so both limiters share one
    // (across processes the same BEGIN IMMEDIATE serialises them).
    const other = d.sql.dialect === 'postgres' ? secondConnection(d) : d.sql;
    const inA = slidingWindow(d.sql, 'race', 5, 60_000, now);
    const inB = slidingWindow(other, 'race', 5, 60_000, now);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? inA : inB).hit('ip')));
    expect(results.filter((w) => w === 0)).toHaveLength(5);
    const failA = failureBackoff(d.sql, 'race', 100, now);
    const failB = failureBackoff(other, 'race', 100, now);
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? failA : failB).fail('k')));
    const row = await d.sql.get<{ failures: number }>(
      "SELECT failures FROM rate_limit_failures WHERE bucket = 'race' AND key = 'k'",
    );
    expect(row?.failures).toBe(12);
  });
});

describe('failureBackoff', () => {
  it('locks after the free failures, doubles the wait, forgets after an hour', async () => {
    let now = 0;
    const limit = failureBackoff((await freshDb()).sql, 'test', 3, () => now);
    await limit.fail('k');
    await limit.fail('k');
    expect(await limit.wait('k')).toBe(0);
    await limit.fail('k');
    expect(await limit.wait('k')).toBe(15);
    await limit.fail('k');
    expect(await limit.wait('k')).toBe(30);
    now += 61 * 60_000;
    expect(await limit.wait('k')).toBe(0);
    await limit.fail('k');
    expect(await limit.wait('k')).toBe(0);
  });
});
