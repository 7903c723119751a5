import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { createRestRepository } from './repository';
import { findTable } from './tables';
import { conflictClause, ignoreDuplicatesTarget } from './upsert';

/**
 * The ignore-duplicates insert on the async repository, on SQLite and PostgreSQL alike
 * (`npm run test:pg:server -- server/rest/upsert-sql.test.ts`): replays of one client_key,
 * also at the same moment, store one row.
 */
let t: TestApp;
const user = crypto.randomUUID();
const reflections = findTable('reflections')!;
const KEY = ['user_id', 'client_key'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const now = new Date().toISOString();
  await t.deps.sql.run(
    `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', ?, ?)`,
    [user, `${user}@example.com`, now, now],
  );
  await t.deps.sql.run(
    `INSERT INTO sessions (id, title, description, length_sec, skill_level, category, moods, tags, intentions, musicians)
     VALUES (901, 'Hum', '', 600, 'beginner', '[]', '[]', '', '[]', '[]')`,
  );
});
afterAll(() => t.close());

describe(`ignore-duplicates inserts (${process.env.TEST_BACKEND ?? 'sqlite'})`, () => {
  it('stores one row per client_key, however often and however concurrently it is sent', async () => {
    const repo = createRestRepository(t.deps.sql);
    const row = { user_id: user, session_id: 901, reflection_text: 'Once.', client_key: crypto.randomUUID() };
    const first = await repo.insert(reflections, [row], KEY);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject(row);
    const replays = await Promise.all([1, 2, 3].map(() => repo.insert(reflections, [row], KEY)));
    expect(replays).toEqual([[], [], []]);
    const stored = await t.deps.sql.all('SELECT reflection_text FROM reflections WHERE client_key = ?', [
      row.client_key,
    ]);
    expect(stored).toEqual([{ reflection_text: 'Once.' }]);
  });

  it('reads the target from Prefer and on_conflict, and builds the clause from the allow-list', () => {
    const url = 'http://x/rest/v1/reflections?on_conflict=client_key,user_id';
    expect(ignoreDuplicatesTarget(reflections, 'return=minimal, resolution=ignore-duplicates', url)).toEqual([
      'user_id',
      'client_key',
    ]);
    expect(ignoreDuplicatesTarget(reflections, 'return=minimal', url)).toBeNull();
    expect(conflictClause(KEY)).toBe(' ON CONFLICT ("user_id", "client_key") DO NOTHING');
    expect(conflictClause(null)).toBe('');
  });
});
