import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { loadCatalogue } from '../seed/catalogue';
import { seedDemoCircles } from '../seed/circles';
import { seedExpertContent } from '../seed/expert-content';
import { seedDemoCatalogue } from '../seed/index';
import { seedSessionTemplates } from '../seed/templates';
import { copySqliteToPostgres, tablesInDependencyOrder } from './copy';
import { migrate } from './migrate';
import { openDatabase, type DB } from './open';
import { freshPostgres, freshSqlite, PG_SKIP_REASON, PG_URL, type TestDatabase } from './sql/test-backends';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';
import { runProcess, START_MS } from '../../scripts/lib/test-processes';

const cleanup: TestDatabase[] = [];
afterEach(async () => {
  for (const t of cleanup.splice(0)) await t.drop();
});

/** A SQLite install as a member would leave it: the real demo seed plus members' own rows. */
async function seededSqlite(): Promise<{ db: DB; dir: string; t: TestDatabase }> {
  const t = freshSqlite();
  cleanup.push(t);
  const db = openDatabase(t.location);
  migrate(db);
  const dir = path.dirname(t.location);
  const catalogue = loadCatalogue();
  // Rows only (audio renders after start and stays on disk or a shared volume): the copy moves rows.
  await seedDemoCatalogue({
    sql: t.sql,
    storageDir: path.join(dir, 'storage'),
    logger: createLogger('silent'),
    catalogue: loadCatalogue(),
  });
  await seedSessionTemplates(t.sql);
  await seedDemoCircles(t.sql, Date.parse('2026-11-01T00:00:00Z'));
  await seedExpertContent(t.sql);
  const now = '2026-11-20T10:00:00.000Z';
  const ins = (sql: string, ...p: unknown[]) => db.prepare(sql).run(...p);
  ins(
    "INSERT INTO users (id, email, password_hash, user_metadata, created_at, updated_at) VALUES ('u1', 'Ann@Example.com', 'h', '{\"a\":1}', ?, ?)",
    now,
    now,
  );
  ins("INSERT INTO auth_sessions (id, user_id, created_at, updated_at) VALUES ('s1', 'u1', ?, ?)", now, now);
  // A rotated refresh-token chain: the child references its parent (a self-reference).
  ins(
    "INSERT INTO auth_refresh_tokens (id, session_id, token_hash, created_at) VALUES (7, 's1', 'h7', ?)",
    now,
  );
  ins(
    "INSERT INTO auth_refresh_tokens (id, session_id, token_hash, parent_id, created_at) VALUES (9, 's1', 'h9', 7, ?)",
    now,
  );
  const sessionId = catalogue.sessions[0]!.id;
  ins(
    "INSERT INTO session_completions (user_id, session_id, title, completed_at, local_date, tokens_awarded) VALUES ('u1', ?, 't', ?, '2026-11-20', 3)",
    sessionId,
    now,
  );
  ins(
    "INSERT INTO reflections (user_id, session_id, reflection_text, shared) VALUES ('u1', ?, 'Felt calm ✨', 1)",
    sessionId,
  );
  ins(
    "INSERT INTO mood_entries (user_id, mood_score, stress_level, anxiety_level, energy_level, emotions, recorded_at, local_date, created_at) VALUES ('u1', 7, 3, 2, 6, '[\"calm\"]', ?, '2026-11-20', ?)",
    now,
    now,
  );
  return { db, dir, t };
}

describe('copying SQLite to PostgreSQL', () => {
  it('orders tables parents first', async () => {
    const { db } = await seededSqlite();
    const order = tablesInDependencyOrder(db);
    db.close();
    const before = (a: string, b: string) => expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    before('users', 'auth_sessions');
    before('auth_sessions', 'auth_refresh_tokens');
    before('sessions', 'session_completions');
    before('session_completions', 'completion_echoes');
    before('session_templates', 'voice_circles');
    before('programs', 'program_enrollments');
    before('program_enrollments', 'program_step_completions');
    expect(order).not.toContain('schema_migrations');
  });

  describe.skipIf(!PG_URL)(`into a real PostgreSQL${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`, () => {
    let src: Awaited<ReturnType<typeof seededSqlite>>;
    let pg: TestDatabase;
    beforeEach(async () => {
      src = await seededSqlite();
      pg = await freshPostgres();
      cleanup.push(pg);
    });
    afterEach(() => src?.db.close());

    it('copies every table with matching counts, values and sequences', async () => {
      const counts = await copySqliteToPostgres(src.db, pg.sql);
      expect(counts.map((c) => c.table).sort()).toEqual(tablesInDependencyOrder(src.db).sort());
      for (const c of counts) expect(c.target).toBe(c.source);
      const sessions = counts.find((c) => c.table === 'sessions')!;
      expect(sessions.source).toBe(loadCatalogue().sessions.length);
      expect(counts.find((c) => c.table === 'experts')!.source).toBeGreaterThan(0);
      expect(await pg.sql.get('SELECT email, user_metadata FROM users')).toEqual({
        email: 'Ann@Example.com',
        user_metadata: '{"a": 1}',
      });
      expect(await pg.sql.all('SELECT id, parent_id FROM auth_refresh_tokens ORDER BY id')).toEqual([
        { id: 7, parent_id: null },
        { id: 9, parent_id: 7 },
      ]);
      expect(await pg.sql.get('SELECT reflection_text, shared FROM reflections')).toEqual({
        reflection_text: 'Felt calm ✨',
        shared: 1,
      });
      const sqliteSessions = src.db
        .prepare('SELECT id, title, category, musicians FROM sessions ORDER BY id')
        .all() as {
        category: string;
        musicians: string;
      }[];
      const pgSessions = await pg.sql.all<{ category: string; musicians: string }>(
        'SELECT id, title, category, musicians FROM sessions ORDER BY id',
      );
      const parsed = (rows: { category: string; musicians: string }[]) =>
        rows.map((r) => ({ ...r, category: JSON.parse(r.category), musicians: JSON.parse(r.musicians) }));
      expect(parsed(pgSessions)).toEqual(parsed(sqliteSessions));
      // Sequences moved past the copied ids: a new row gets the next id, not 1.
      const next = await pg.sql.get<{ id: number }>(
        "INSERT INTO auth_refresh_tokens (session_id, token_hash, created_at) VALUES ('s1', 'h10', 'now') RETURNING id",
      );
      expect(next?.id).toBe(10);
    });

    it('copies WITHOUT ROWID tables too (ordered by their primary key)', async () => {
      src.db.exec(
        "CREATE TABLE kv (k TEXT PRIMARY KEY, v INTEGER NOT NULL) WITHOUT ROWID; INSERT INTO kv VALUES ('b', 2), ('a', 1)",
      );
      await pg.sql.exec('CREATE TABLE kv (k TEXT PRIMARY KEY, v BIGINT NOT NULL)');
      const counts = await copySqliteToPostgres(src.db, pg.sql);
      expect(counts.find((c) => c.table === 'kv')).toEqual({ table: 'kv', source: 2, target: 2 });
      expect(await pg.sql.all('SELECT k, v FROM kv ORDER BY k')).toEqual([
        { k: 'a', v: 1 },
        { k: 'b', v: 2 },
      ]);
    });

    it('refuses a target that has rows, and replaces them with --force', async () => {
      await copySqliteToPostgres(src.db, pg.sql);
      await expect(copySqliteToPostgres(src.db, pg.sql)).rejects.toThrow(
        /already has rows in .*users.*--force/,
      );
      await pg.sql.run("UPDATE users SET first_name = 'changed'");
      const counts = await copySqliteToPostgres(src.db, pg.sql, { force: true });
      expect(counts.find((c) => c.table === 'users')).toEqual({ table: 'users', source: 1, target: 1 });
      expect(await pg.sql.get('SELECT first_name FROM users')).toEqual({ first_name: '' });
    });

    it('keeps nothing when a row cannot be copied', async () => {
      // PostgreSQL text cannot hold NUL: the last table's failure must roll back all tables.
      src.db.prepare("UPDATE mood_entries SET notes = 'a' || char(0) || 'b'").run();
      await expect(copySqliteToPostgres(src.db, pg.sql)).rejects.toThrow();
      expect(await pg.sql.get('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
      expect(await pg.sql.get('SELECT count(*) AS n FROM sessions')).toEqual({ n: 0 });
    });

    it(
      'runs as `npm run db:copy -- --from sqlite --to postgres` and prints the counts',
      async () => {
        src.db.close();
        const run = (...extra: string[]) =>
          runProcess(
            process.execPath,
            ['--import', 'tsx', 'server/db/copy-cli.ts', '--from', 'sqlite', '--to', 'postgres', ...extra],
            { env: { ...process.env, DATA_DIR: src.dir, DATABASE_URL: pg.location } },
          );
        const first = await run();
        expect(first.stderr).toBe('');
        expect(first.code).toBe(0);
        expect(first.stdout).toMatch(/^ {2}users +1 rows {2}ok$/m);
        expect(first.stdout).toMatch(/every count matches/);
        const again = await run();
        expect(again.code).toBe(1);
        expect(again.stderr).toMatch(/already has rows/);
        expect(fs.existsSync(path.join(src.dir, 'app.db'))).toBe(true);
        src.db = openDatabase(path.join(src.dir, 'app.db')); // for afterEach
      },
      scaledTimeout(2 * START_MS + 30_000),
    );
  });
});
