import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { failureBackoff, slidingWindow } from './rate-limit';

/** The counters are rows in app.db (shared by every process), so each test gets a database. */
function freshDb() {
  const db = new Database(':memory:');
  migrate(db);
  return db;
}

describe('slidingWindow', () => {
  it('allows max hits in the window, then says how many seconds to wait', () => {
    let now = 0;
    const limit = slidingWindow(freshDb(), 'test', 2, 60_000, () => now);
    expect(limit.hit('a')).toBe(0);
    now = 10_000;
    expect(limit.hit('a')).toBe(0);
    now = 20_000;
    expect(limit.hit('a')).toBe(40);
    expect(limit.hit('b')).toBe(0);
  });

  it('slides: the oldest hit leaving the window frees one slot', () => {
    let now = 0;
    const limit = slidingWindow(freshDb(), 'test', 2, 60_000, () => now);
    limit.hit('a');
    now = 30_000;
    limit.hit('a');
    now = 60_001;
    expect(limit.hit('a')).toBe(0);
    expect(limit.hit('a')).toBeGreaterThan(0);
  });

  it('does not count refused hits against the caller', () => {
    let now = 0;
    const limit = slidingWindow(freshDb(), 'test', 1, 1000, () => now);
    limit.hit('a');
    for (let i = 0; i < 5; i++) limit.hit('a');
    now = 1001;
    expect(limit.hit('a')).toBe(0);
  });
});

describe('limits shared between processes', () => {
  it('counts the hits of two connections (two processes) on one database file together', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rate-limit-'));
    const file = path.join(dir, 'app.db');
    const a = openDatabase(file);
    migrate(a);
    const b = openDatabase(file);
    const now = () => 1_000;
    const inA = slidingWindow(a, 'shared', 3, 60_000, now);
    const inB = slidingWindow(b, 'shared', 3, 60_000, now);
    expect([inA.hit('ip'), inB.hit('ip'), inA.hit('ip')]).toEqual([0, 0, 0]);
    expect(inB.hit('ip')).toBeGreaterThan(0);
    // Another limit (bucket) over the same key counts on its own.
    expect(slidingWindow(b, 'other', 3, 60_000, now).hit('ip')).toBe(0);

    const failA = failureBackoff(a, 'pair', 2, now);
    const failB = failureBackoff(b, 'pair', 2, now);
    failA.fail('k');
    expect(failB.wait('k')).toBe(0);
    failB.fail('k');
    expect(failA.wait('k')).toBe(15);
    failA.succeed('k');
    expect(failB.wait('k')).toBe(0);
    a.close();
    b.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('failureBackoff', () => {
  it('locks after the free failures, doubles the wait, forgets after an hour', () => {
    let now = 0;
    const limit = failureBackoff(freshDb(), 'test', 3, () => now);
    limit.fail('k');
    limit.fail('k');
    expect(limit.wait('k')).toBe(0);
    limit.fail('k');
    expect(limit.wait('k')).toBe(15);
    limit.fail('k');
    expect(limit.wait('k')).toBe(30);
    now += 61 * 60_000;
    expect(limit.wait('k')).toBe(0);
    limit.fail('k');
    expect(limit.wait('k')).toBe(0);
  });
});
