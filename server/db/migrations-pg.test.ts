import { afterEach, describe, expect, it } from 'vitest';
import { readMigrations } from './migrate';
import { migrateSql, POSTGRES_MIGRATIONS_DIR, SQLITE_MIGRATIONS_DIR } from './migrate-sql';
import { DatabaseNewerError } from './newer-error';
import { postgresShape, sqliteShape } from './schema-introspect';
import { freshPostgres, freshSqlite, PG_SKIP_REASON, PG_URL, type TestDatabase } from './sql/test-backends';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.drop();
});

describe('PostgreSQL migrations', () => {
  it('exist for every SQLite migration, with the same number and name (and no others)', () => {
    const names = (dir: string) => readMigrations(dir).map((m) => `${m.version}_${m.name}`);
    expect(names(POSTGRES_MIGRATIONS_DIR)).toEqual(names(SQLITE_MIGRATIONS_DIR));
  });

  it('apply on SQLite through the async interface, once', async () => {
    const t = freshSqlite();
    opened.push(t);
    expect(await migrateSql(t.sql)).toEqual(readMigrations(SQLITE_MIGRATIONS_DIR).map((m) => m.version));
    expect(await migrateSql(t.sql)).toEqual([]);
  });

  describe.skipIf(!PG_URL)(`on PostgreSQL${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`, () => {
    it('give the same schema as SQLite: tables, columns, type families, keys, indexes, foreign keys', async () => {
      const lite = freshSqlite();
      const pg = await freshPostgres();
      opened.push(lite, pg);
      await migrateSql(lite.sql);
      expect(await migrateSql(pg.sql)).toEqual(readMigrations(POSTGRES_MIGRATIONS_DIR).map((m) => m.version));
      const [a, b] = [await sqliteShape(lite.sql), await postgresShape(pg.sql)];
      expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
      for (const table of Object.keys(a)) expect({ table, ...b[table] }).toEqual({ table, ...a[table] });
    });

    it('run once when two processes migrate at the same moment', async () => {
      const pg = await freshPostgres();
      opened.push(pg);
      const { postgresDatabase } = await import('./sql');
      const second = postgresDatabase(pg.location, { max: 2 });
      try {
        const [x, y] = await Promise.all([migrateSql(pg.sql), migrateSql(second)]);
        expect([...x, ...y].sort((p, q) => p - q)).toEqual(
          readMigrations(POSTGRES_MIGRATIONS_DIR).map((m) => m.version),
        );
      } finally {
        await second.close();
      }
    });

    it('refuse a database from a newer version and leave a failed run as it was', async () => {
      const pg = await freshPostgres();
      opened.push(pg);
      const known = readMigrations(POSTGRES_MIGRATIONS_DIR);
      const failing = {
        version: 9998,
        name: 'fails_halfway',
        sql: 'CREATE TABLE half (x INTEGER); NOT SQL;',
      };
      await expect(migrateSql(pg.sql, [...known, failing])).rejects.toThrow();
      expect(await pg.sql.get("SELECT to_regclass('users') AS t")).toEqual({ t: null });
      await migrateSql(pg.sql);
      await pg.sql.run(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (9999, 'from_the_future', 'x')",
      );
      await expect(migrateSql(pg.sql)).rejects.toThrow(DatabaseNewerError);
    });

    it('keep the rules the SQLite schema enforces with triggers and GLOB', async () => {
      const pg = await freshPostgres();
      opened.push(pg);
      await migrateSql(pg.sql);
      const db = pg.sql;
      await db.run(
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u1', 'Ann@Example.com', 'x', 'now', 'now')",
      );
      // COLLATE NOCASE ⇔ CITEXT: the same address in other case is the same member.
      expect(await db.get('SELECT id FROM users WHERE email = ?', ['ann@example.COM'])).toEqual({ id: 'u1' });
      await expect(
        db.run(
          "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u2', 'ANN@example.com', 'x', 'n', 'n')",
        ),
      ).rejects.toMatchObject({ code: '23505' });
      await db.run(
        "INSERT INTO sessions (id, title, length_sec, skill_level) VALUES (1, 't', 60, 'beginner')",
      );
      const reflect = (text: string) =>
        db.run("INSERT INTO reflections (user_id, session_id, reflection_text) VALUES ('u1', 1, ?)", [text]);
      await expect(reflect(' \n\t\u00a0\u200b\u3000 ')).rejects.toMatchObject({ code: '23514' });
      await reflect('fine');
      const row = await db.get<{ created_at: string }>('SELECT created_at FROM reflections');
      expect(row?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      await expect(
        db.run(
          "INSERT INTO session_completions (user_id, session_id, title, completed_at, local_date, tokens_awarded) VALUES ('u1', 1, 't', 'x', '2026-1-01', 1)",
        ),
      ).rejects.toMatchObject({ code: '23514' });
    });
  });
});
