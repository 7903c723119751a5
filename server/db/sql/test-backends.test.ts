// The PostgreSQL server suites give every test a database "as if just cloned from the migrated
// template", but reuse a finished test's database after emptying it (a clone costs far more).
// These tests hold the reuse to that promise: what one test left behind, the next never sees.
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './postgres';
import { freshMigratedPostgres, PG_SKIP_REASON, PG_URL } from './test-backends';
import type { SqlDatabase } from './types';

/** A database keeps its oid through renames: the way to follow one from test to test. */
const oidOf = async (db: SqlDatabase) =>
  (await db.get<{ oid: number }>(
    'SELECT oid::int AS oid FROM pg_database WHERE datname = current_database()',
  ))!.oid;
const exists = async (admin: SqlDatabase, oid: number) =>
  (await admin.get('SELECT 1 AS found FROM pg_database WHERE oid = ?::int', [oid])) !== undefined;

describe.skipIf(!PG_URL)(`freshMigratedPostgres ${PG_URL ? '' : `(skipped: ${PG_SKIP_REASON})`}`, () => {
  it("hands a used database on emptied, with the migrations' rows and the sequences as cloned", async () => {
    const admin = postgresDatabase(PG_URL!, { max: 1 });
    try {
      const first = await freshMigratedPostgres();
      const migrations = await first.sql.all('SELECT version, name FROM schema_migrations ORDER BY version');
      expect(migrations.length).toBeGreaterThan(0);
      const firstId = (await first.sql.get<{ id: number }>(
        `INSERT INTO voice_circles (name, session_type, max_participants, invite_code, created_at)
         VALUES ('Left behind', 'asynchronous', 8, 'left-1', '2026-01-01') RETURNING id`,
      ))!.id;
      const oid = await oidOf(first.sql);
      await first.drop();
      // Kept for reuse (renamed), not dropped.
      expect(await exists(admin, oid)).toBe(true);

      // Whichever databases come next (this one, others freed by other processes, a clone): each
      // is as the template left it.
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await freshMigratedPostgres());
      for (const db of taken) {
        expect(await db.sql.get('SELECT count(*) AS n FROM voice_circles')).toEqual({ n: 0 });
        expect(await db.sql.all('SELECT version, name FROM schema_migrations ORDER BY version')).toEqual(
          migrations,
        );
        const again = (await db.sql.get<{ id: number }>(
          `INSERT INTO voice_circles (name, session_type, max_participants, invite_code, created_at)
           VALUES ('Fresh', 'asynchronous', 8, 'fresh-1', '2026-01-01') RETURNING id`,
        ))!.id;
        expect(again).toBe(firstId);
      }
      for (const db of taken) await db.drop();
    } finally {
      await admin.close();
    }
  });

  it('drops, never hands on, a database whose schema the test changed', async () => {
    const admin = postgresDatabase(PG_URL!, { max: 1 });
    try {
      const changed = await freshMigratedPostgres();
      await changed.sql.exec('CREATE TABLE left_by_a_test (id integer)');
      const oid = await oidOf(changed.sql);
      await changed.drop();
      expect(await exists(admin, oid)).toBe(false);
      const next = await freshMigratedPostgres();
      expect(await next.sql.get("SELECT to_regclass('public.left_by_a_test') AS t")).toEqual({ t: null });
      await next.drop();
    } finally {
      await admin.close();
    }
  });
});
