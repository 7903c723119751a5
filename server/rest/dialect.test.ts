import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateSql } from '../db/migrate-sql';
import { toPgPlaceholders, type SqlExecutor } from '../db/sql';
import {
  describeEachBackend,
  freshPostgres,
  freshSqlite,
  PG_SKIP_REASON,
  PG_URL,
  type TestDatabase,
} from '../db/sql/test-backends';
import type { RestCaller } from './caller';
import { compileFilters, type SqlDialect } from './compile';
import { PgrstError } from './errors';
import type { Negotiated } from './negotiate';
import { parseQuery } from './query';
import { readRows, type RestResult } from './read';
import { createRestRepository, type RestRepository } from './repository';
import { findTable } from './tables';
import { CATALOGUE } from './test-catalogue';

const sessions = findTable('sessions')!;
const logs = findTable('session_logs')!;
const PLAIN: Negotiated = { singular: false, stripNulls: false, returnRepresentation: false, count: false };
const COUNTED: Negotiated = { ...PLAIN, count: true };
const ANON: RestCaller = { role: 'anon' };
const MEMBER: RestCaller = { role: 'authenticated', userId: 'u1' };

/** PostgREST reads over the catalogue: every operator, logic trees, ordering with NULLs, paging. */
const READS: [string, Negotiated?][] = [
  ['select=*&order=id.desc&limit=10'],
  ['select=id,title&skill_level=eq.beginner&order=id'],
  ['select=id&id=in.(1,3,99)&order=id'],
  ['select=id&id=in.()'],
  ['select=id&voice_path=is.null&order=id'],
  ['select=id&voice_path=not.is.null&order=id'],
  ['select=id&title=like.*voice*&order=id'],
  ['select=id&title=like.*Voice*'],
  ['select=id&title=ilike.*VOICE*&order=id'],
  ['select=id&tags=ilike.*MORN*'],
  ['select=id&title=like(any).{Deep*,Playful*}&order=id'],
  ['select=id&title=like.Practice_1_'],
  ['select=id&length_sec=like.6*&order=id'],
  ['select=id&moods=cs.{calm}&order=id'],
  ['select=id&category=cd.{free,find}&order=id'],
  ['select=id&moods=ov.{playful,healing}&order=id'],
  ['select=id&category=eq.["find"]&order=id'],
  ['select=id&category=neq.["free"]&order=id'],
  ['select=id&or=(length_sec.gt.600,skill_level.eq.skilled)&order=id'],
  ['select=id&not.and=(id.gt.2,id.lt.11)&order=id'],
  ['select=id,vp:voice_path&order=voice_path.desc.nullslast,id&limit=5&offset=1'],
  ['select=id&order=instr_path.asc.nullsfirst,id.desc'],
  ['select=id&order=instr_path.desc,id'],
  ['select=id&id=gte.5&id=lt.9&order=id&limit=2', COUNTED],
  ['select=id&offset=50', COUNTED],
  ['select=id,title&id=eq.3', { ...PLAIN, singular: true }],
  ['select=id,voice_path&id=eq.3', { ...PLAIN, stripNulls: true }],
  // From filters.test.ts: what supabase-js sends for its filter helpers.
  ['select=id&title=in.("Playful sounds","a, b")'],
  ['select=id&title=ilike.*resonance'],
  ['select=id&title=like.Playful_sounds'],
  ['select=id&title=like.deep%25'],
  ['select=id&intentions=cs.{"find your center"}'],
  [
    'select=id&or=(id.eq.1,and(skill_level.eq.professional,title.ilike.*deep*),title.eq."Playful sounds")&order=id',
  ],
  ['select=id&id=not.in.(1,2,3,4,5,6,7,8,9,10)&order=id'],
  // From robustness.test.ts: odd input answers the same error (or rows) on both.
  ...[
    'id=eq.',
    'id=in.(1,"2)',
    'id=is.maybe',
    'id=not.not.eq.1',
    'title=like.\\',
    'title=ilike.%25',
    'moods=cs.calm',
    'moods=cs.{"a":1}',
    'moods=eq.[1,2]',
    'moods=gt.1',
    'tags=cs.{a}',
    'or=(id)',
    'and=(id.eq.1,or(id.eq.2,title.eq."x\\"y"))',
    'not.or=(id.eq.1,id.eq.2)',
    'id=eq.99999999999999999999',
    'id=lt.-1',
    'title=eq.' + encodeURIComponent("'; DROP TABLE sessions; --"),
    'musicians=cs.{}',
    'category=cd.{find,free,fine-tune,fun}',
    'id=eq(any).{1,2}',
    'title=like(all).{*e*,*o*}',
  ].map((q): [string] => [`select=id&order=id&${q}`]),
];

/** What some of the reads must find, so the comparisons below are not between two empty answers. */
const EXPECTED_IDS: Record<string, number[]> = {
  'select=id&title=like.*voice*&order=id': [1],
  'select=id&title=like.*Voice*': [],
  'select=id&title=ilike.*VOICE*&order=id': [1],
  'select=id&moods=cs.{calm}&order=id': [1, 4],
  'select=id&category=cd.{free,find}&order=id': [1, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  'select=id&moods=ov.{playful,healing}&order=id': [3, 4],
  'select=id&category=eq.["find"]&order=id': [1],
  'select=id&not.and=(id.gt.2,id.lt.11)&order=id': [1, 2, 11, 12],
  'select=id&length_sec=like.6*&order=id': [1, 2, 3, 4, 10, 11],
  'select=id&order=instr_path.asc.nullsfirst,id.desc': [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  'select=id,action&order=id': [1, 3],
  'select=id,action&order=id.asc': [],
};

async function seed(sql: SqlExecutor): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const s of CATALOGUE) {
      await tx.run(
        `INSERT INTO sessions (id, title, voice_path, instr_path, length_sec, skill_level, category, moods, tags, intentions,
           created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '2026-11-01T10:00:00.000Z')`,
        [
          s.id,
          s.title,
          s.voice_path,
          s.instr_path,
          s.length_sec ?? 600,
          s.skill_level,
          s.category ?? [],
          s.moods ?? [],
          s.tags ?? '',
          s.intentions ?? [],
        ],
      );
    }
    for (const id of ['u1', 'u2']) {
      await tx.run(
        "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'x', 'now', 'now')",
        [id, `${id}@example.com`],
      );
    }
    await tx.run(
      "INSERT INTO session_logs (user_id, session_id, action, created_at) VALUES ('u1', 1, 'replay', 'a'), ('u2', 2, 'echo', 'b'), ('u1', 3, 'reflect', 'c')",
    );
  });
}

/** A result, or the PostgREST error it ends in, so errors are compared too. */
const settle = (p: () => RestResult | Promise<RestResult>) =>
  Promise.resolve()
    .then(p)
    .catch((err: unknown) => {
      if (err instanceof PgrstError) return { error: err.status, code: err.code };
      throw err;
    });

describe('the PostgREST compiler for PostgreSQL', () => {
  const compile = (q: string, dialect: SqlDialect) =>
    compileFilters(sessions, parseQuery(new URLSearchParams(q)).filters, dialect);

  it('emits PostgreSQL operators instead of SQLite functions', () => {
    expect(compile('title=like.a*', 'postgres').sql).toBe('("title" LIKE ?)');
    expect(compile('title=ilike.a*', 'postgres').sql).toBe('("title" ILIKE ?)');
    expect(compile('category=eq.[]', 'postgres').sql).toBe('("category" = CAST(? AS jsonb))');
    expect(compile('moods=cs.{a}', 'postgres').sql).toBe('("moods" @> CAST(? AS jsonb))');
    expect(compile('voice_path=is.true', 'postgres').sql).toBe('("voice_path" IS NOT DISTINCT FROM 1)');
    expect(compile('', 'postgres').sql).toBe('TRUE');
    expect(compile('id=in.()', 'postgres').sql).toBe('(FALSE)');
    // The SQLite text is unchanged.
    expect(compile('title=like.a*', 'sqlite').sql).toBe('("title" GLOB ?)');
    expect(compile('', 'sqlite').sql).toBe('1');
  });

  it('has exactly one placeholder per parameter in every query, so none hides in an operator', () => {
    for (const [q] of READS) {
      let part;
      try {
        part = compile(q, 'postgres');
      } catch (err) {
        if (err instanceof PgrstError) continue; // refused before any SQL
        throw err;
      }
      const numbered = toPgPlaceholders(part.sql).match(/\$\d+/g) ?? [];
      expect({ q, n: numbered.length }).toEqual({ q, n: part.params.length });
    }
  });
});

describe('catalogue reads give the same answers on every path', () => {
  let lite: TestDatabase;
  let pg: TestDatabase | null = null;
  beforeAll(async () => {
    lite = freshSqlite();
    await migrateSql(lite.sql);
    await seed(lite.sql);
    if (PG_URL) {
      pg = await freshPostgres();
      await migrateSql(pg.sql);
      await seed(pg.sql);
    }
  });
  afterAll(async () => {
    await lite.drop();
    await pg?.drop();
  });

  const cases: [string, Negotiated, RestCaller, typeof sessions][] = [
    ...READS.map(
      ([q, n]) => [q, n ?? PLAIN, ANON, sessions] as [string, Negotiated, RestCaller, typeof sessions],
    ),
    ['select=id,action&order=id', PLAIN, MEMBER, logs],
    ['select=id,action&order=id.asc', PLAIN, ANON, logs],
    ['select=id&action=neq.replay', COUNTED, MEMBER, logs],
  ];

  // The SQLite repository's fast path (rows serialised by json_object) must send what the JS
  // path sends; failing selectJson as a malformed JSON row would makes readRows take the JS path.
  const jsPath = (repo: RestRepository): RestRepository => ({
    ...repo,
    selectJson: () => Promise.reject(new Error('malformed JSON')),
  });

  it.each(cases)('%s (SQLite JSON fast path = JS serialisation)', async (q, n, caller, table) => {
    const query = () => parseQuery(new URLSearchParams(q));
    const repo = createRestRepository(lite.sql);
    const sync = await settle(() => readRows(repo, table, caller, query(), n));
    const plain = await settle(() => readRows(jsPath(repo), table, caller, query(), n));
    expect(plain).toEqual(sync);
    const ids = EXPECTED_IDS[q];
    if (ids && 'body' in sync)
      expect((JSON.parse(sync.body ?? '[]') as { id: number }[]).map((r) => r.id)).toEqual(ids);
    if (q === 'select=id&offset=50') expect(sync).toEqual({ error: 416, code: 'PGRST103' });
  });

  it.skipIf(!PG_URL).each(cases)(
    `%s on PostgreSQL = on SQLite${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`,
    async (q, n, caller, table) => {
      const query = () => parseQuery(new URLSearchParams(q));
      const expected = await settle(() =>
        readRows(createRestRepository(lite.sql), table, caller, query(), n),
      );
      const got = await settle(() => readRows(createRestRepository(pg!.sql), table, caller, query(), n));
      expect(got).toEqual(expected);
    },
  );
});

describeEachBackend('/rest/v1 inserts over the data interface', ({ fresh }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await fresh();
    await migrateSql(t.sql);
    await seed(t.sql);
  });
  afterAll(async () => t.drop());

  it('stores rows in one transaction and returns them whole', async () => {
    const repo = createRestRepository(t.sql);
    const rows = await repo.insert(logs, [
      { user_id: 'u2', session_id: 4, action: 'echo', note: 'first' },
      { user_id: 'u2', session_id: 5, action: 'replay', note: null },
    ]);
    expect(
      rows.map(({ id, user_id, session_id, action, note }) => ({ id, user_id, session_id, action, note })),
    ).toEqual([
      { id: 4, user_id: 'u2', session_id: 4, action: 'echo', note: 'first' },
      { id: 5, user_id: 'u2', session_id: 5, action: 'replay', note: null },
    ]);
    expect(rows[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("answers PostgreSQL's error codes and keeps no part of a failed batch", async () => {
    const repo = createRestRepository(t.sql);
    const fail = (rows: Record<string, unknown>[]) =>
      repo.insert(logs, rows).then(
        () => null,
        (err: unknown) => (err instanceof PgrstError ? { status: err.status, code: err.code } : err),
      );
    const ok = { user_id: 'u1', session_id: 1, action: 'echo' };
    expect(await fail([ok, { ...ok, session_id: 999 }])).toEqual({ status: 409, code: '23503' });
    expect(await fail([ok, { ...ok, action: 'dance' }])).toEqual({ status: 400, code: '23514' });
    expect(await fail([ok, { ...ok, action: null }])).toEqual({ status: 400, code: '23502' });
    expect(await fail([{ ...ok, id: 1 }])).toEqual({ status: 409, code: '23505' });
    expect(await t.sql.get('SELECT count(*) AS n FROM session_logs')).toEqual({ n: 5 });
  });
});
