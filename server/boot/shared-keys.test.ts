import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support';
import { loadSharedKeys } from './shared-keys';

/**
 * The keys every process of an installation shares, VAPID pair included: keys.json on SQLite,
 * the project_keys row on PostgreSQL (`npm run test:pg:server -- server/boot/shared-keys.test.ts`).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('shared keys', () => {
  it('give every process the same VAPID pair, made once by whichever starts first', async () => {
    if (t.backend === 'postgres') await t.deps.sql.run('DELETE FROM project_keys');
    else fs.rmSync(`${t.dataDir}/keys.json`);
    const other = t.anotherSql();
    const [a, b] =
      t.backend === 'postgres'
        ? await Promise.all([loadSharedKeys(t.deps.sql, t.dataDir), loadSharedKeys(other, t.dataDir)])
        : [await loadSharedKeys(t.deps.sql, t.dataDir), await loadSharedKeys(other, t.dataDir)];
    expect(b).toEqual(a);
    expect(Buffer.from(a!.vapid.publicKey, 'base64url')).toHaveLength(65);
  });

  it('add the VAPID pair once to keys kept from before reminders', async () => {
    if (t.backend !== 'postgres') return; // keys.json: server/lib/keys.test.ts
    await t.deps.sql.run('DELETE FROM project_keys');
    await t.deps.sql.run(
      `INSERT INTO project_keys (id, jwt_secret, anon_key, service_role_key, created_at)
       VALUES (1, ?, 'anon', 'service', '2026-01-01T00:00:00.000Z')`,
      ['s'.repeat(64)],
    );
    const other = t.anotherSql();
    const [a, b] = await Promise.all([
      loadSharedKeys(t.deps.sql, t.dataDir),
      loadSharedKeys(other, t.dataDir),
    ]);
    expect(a).toMatchObject({ jwtSecret: 's'.repeat(64), anonKey: 'anon', serviceRoleKey: 'service' });
    expect(b.vapid).toEqual(a.vapid);
    expect((await loadSharedKeys(t.deps.sql, t.dataDir)).vapid).toEqual(a.vapid);
  });
});
