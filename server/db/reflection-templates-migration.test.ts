import { afterEach, expect, it } from 'vitest';
import { migrateSql, migrationsFor } from './migrate-sql';
import { describeEachBackend, type TestDatabase } from './sql/test-backends';

/**
 * Migration 0117 lets a reflection point at a template session. On SQLite it rebuilds the
 * reflections table, whose drop would cascade to reflection_echoes: the reflections written
 * before it, and their echoes, must come through unchanged.
 */
const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const t of opened.splice(0)) await t.drop();
});

describeEachBackend('migration 0117 (reflections on template sessions)', (backend) => {
  it('keeps every reflection and echo, then takes a template reflection and refuses two or no targets', async () => {
    const t = await backend.fresh();
    opened.push(t);
    const { sql } = t;
    const all = migrationsFor(sql);
    await migrateSql(
      sql,
      all.filter((m) => m.version < 117),
    );

    for (const id of ['u1', 'u2'])
      await sql.run(
        `INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', 'now', 'now')`,
        [id, `${id}@example.com`],
      );
    await sql.run(
      `INSERT INTO sessions (id, title, length_sec, skill_level) VALUES (5, 'tide', 180, 'beginner')`,
    );
    await sql.run(
      `INSERT INTO session_templates (id, slug, title, description, category, difficulty, voice_level, duration_sec, instructions_json)
       VALUES (3, 'wake', 'Morning Voice Wake-Up', 'd', 'find', 'beginner', 'any', 405, '[]')`,
    );
    await sql.run(
      `INSERT INTO reflections (id, user_id, session_id, reflection_text, created_at, shared, anonymous, client_key)
       VALUES (10, 'u1', 5, 'shared one', '2026-11-01T08:00:00.000Z', 1, 0, NULL),
              (11, 'u1', 5, 'private one', '2026-11-02T08:00:00.000Z', 0, 1, 'key-1')`,
    );
    await sql.run(
      `INSERT INTO reflection_echoes (user_id, reflection_id, created_at)
       VALUES ('u2', 10, '2026-11-03T08:00:00.000Z'), ('u1', 10, '2026-11-03T09:00:00.000Z')`,
    );
    const reflectionsQuery = `SELECT id, user_id, session_id, reflection_text, created_at, shared, anonymous, client_key
      FROM reflections ORDER BY id`;
    const echoesQuery = 'SELECT user_id, reflection_id, created_at FROM reflection_echoes ORDER BY user_id';
    const before = { reflections: await sql.all(reflectionsQuery), echoes: await sql.all(echoesQuery) };
    expect(before.echoes).toHaveLength(2);

    expect(
      await migrateSql(
        sql,
        all.filter((m) => m.version <= 117),
      ),
    ).toEqual([117]);

    expect(await sql.all(reflectionsQuery)).toEqual(before.reflections);
    expect(await sql.all(echoesQuery)).toEqual(before.echoes);

    // A reflection on the template; its echo cascades with it as before.
    await sql.run(
      `INSERT INTO reflections (id, user_id, template_id, reflection_text, created_at) VALUES (12, 'u1', 3, 'hummed', 'now')`,
    );
    await sql.run(
      `INSERT INTO reflection_echoes (user_id, reflection_id, created_at) VALUES ('u2', 12, 'now')`,
    );
    // Exactly one target: both, or neither, is refused.
    await expect(
      sql.run(
        `INSERT INTO reflections (user_id, session_id, template_id, reflection_text) VALUES ('u1', 5, 3, 'both')`,
      ),
    ).rejects.toThrow();
    await expect(
      sql.run(`INSERT INTO reflections (user_id, reflection_text) VALUES ('u1', 'neither')`),
    ).rejects.toThrow();
    // Blank text is still refused, and the client key still makes a replay conflict.
    await expect(
      sql.run(`INSERT INTO reflections (user_id, session_id, reflection_text) VALUES ('u1', 5, ' \n\t ')`),
    ).rejects.toThrow();
    await expect(
      sql.run(
        `INSERT INTO reflections (user_id, session_id, reflection_text, client_key) VALUES ('u1', 5, 'again', 'key-1')`,
      ),
    ).rejects.toThrow();
    // Deleting a reflection still deletes its echoes (the foreign key survived the rebuild).
    await sql.run('DELETE FROM reflections WHERE id = 10');
    expect(await sql.all(echoesQuery)).toEqual([{ user_id: 'u2', reflection_id: 12, created_at: 'now' }]);
  });
});
