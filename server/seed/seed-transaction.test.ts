import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlDatabase } from '../db/sql';
import { createLogger } from '../lib/logger';
import { createTestApp, type TestApp } from '../test-support';
import type { RenderJob } from './audio/jobs';
import type { FileSink, PoolOptions } from './audio/pool';
import { firstScreenSessions, renderCatalogueAudio } from './audio-queue';
import { loadCatalogue } from './catalogue';
import { bucketDir, seedDemoCatalogue } from './index';

// On the server suites' database (TEST_BACKEND): SQLite, or a fresh PostgreSQL database.
let t: TestApp;
let dir: string;
let sql: SqlDatabase;
const catalogue = loadCatalogue();
const allPaths = catalogue.sessions.flatMap((s) => [s.instr_path, ...(s.voice_path ? [s.voice_path] : [])]);
const lines: string[] = [];
const logger = createLogger('info', (l) => lines.push(l));

/** Stands in for the worker pool: reports progress, then hands each file to the sink. */
const fakePool =
  (opts: { failAfter?: number; seen?: RenderJob[] } = {}) =>
  async (jobs: RenderJob[], _c: number, sink: FileSink, pool: PoolOptions) => {
    let written = 0;
    for (const job of jobs) {
      opts.seen?.push(job);
      pool.onProgress?.(job, 0.5);
      for (const f of job.files) {
        if (opts.failAfter !== undefined && written >= opts.failAfter) throw new Error('worker crashed');
        await sink(
          { path: f.path, variant: f.variant, bytes: new TextEncoder().encode(`audio ${f.path}`) },
          job,
        );
        written++;
      }
    }
  };

const count = async (query: string) => (await sql.get<{ n: number }>(query))!.n;
const readyCount = () => count('SELECT count(*) AS n FROM catalogue_audio WHERE ready_at IS NOT NULL');

beforeEach(async () => {
  t = await createTestApp();
  dir = t.deps.config.storageDir;
  sql = t.deps.sql;
  lines.length = 0;
});
afterEach(() => t.close());

describe('seeding the demo catalogue', () => {
  it('inserts every session and queues its audio without rendering (the server is ready at once)', async () => {
    expect(await seedDemoCatalogue({ sql, storageDir: dir, logger })).toBe(catalogue.sessions.length);
    expect(await count('SELECT count(*) AS n FROM sessions')).toBe(catalogue.sessions.length);
    expect(await count('SELECT count(*) AS n FROM catalogue_audio')).toBe(allPaths.length);
    // Nothing is in the bucket until its file is complete.
    expect(await count('SELECT count(*) AS n FROM storage_objects')).toBe(0);
    const row = await sql.get<{ category: string }>('SELECT category FROM sessions WHERE id = ?', [
      catalogue.sessions[0]!.id,
    ]);
    expect(JSON.parse(row!.category)).toEqual(catalogue.sessions[0]!.category);
    // Sessions inserted later without an id (PostgreSQL: the identity sequence) follow the catalogue's.
    const added = await sql.get<{ id: number }>(
      "INSERT INTO sessions (title, length_sec, skill_level) VALUES ('added later', 60, 'beginner') RETURNING id",
    );
    expect(added!.id).toBeGreaterThan(Math.max(...catalogue.sessions.map((s) => s.id)));
    expect(lines.at(-1)).toMatch(/Demo catalogue ready: \d+ sessions \(0 audio files already rendered/);
  });

  it('registers files already on disk at once (a restart, or the e2e cache)', async () => {
    const file = path.join(bucketDir(dir), allPaths[0]!);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'rendered before');
    await seedDemoCatalogue({ sql, storageDir: dir, logger });
    expect(await readyCount()).toBe(1);
    expect(await count('SELECT count(*) AS n FROM storage_objects')).toBe(1);
  });

  it('renders the rest in the background, home first, registering each file when complete', async () => {
    await seedDemoCatalogue({ sql, storageDir: dir, logger });
    const seen: RenderJob[] = [];
    const percents: number[] = [];
    const pool = fakePool({ seen });
    const percentOf = async (id: number) =>
      (await sql.get<{ percent: number }>(
        'SELECT max(percent) AS percent FROM catalogue_audio WHERE session_id = ?',
        [id],
      ))!.percent;
    const n = await renderCatalogueAudio({
      sql,
      storageDir: dir,
      logger,
      render: async (jobs, c, sink, opts) => {
        // The progress write is in flight when onProgress returns: the job's files are handed
        // over once it has landed (each job reports 50% before its first file).
        await pool(
          jobs,
          c,
          async (file, job) => {
            if (file.path === job.files[0]!.path) {
              await vi.waitFor(async () => expect(await percentOf(job.id)).toBe(50));
              percents.push(await percentOf(job.id));
            }
            await sink(file, job);
          },
          opts,
        );
      },
    });
    expect(n).toBe(allPaths.length);
    expect(await readyCount()).toBe(allPaths.length);
    expect(await count('SELECT count(*) AS n FROM storage_objects')).toBe(allPaths.length);
    expect(percents).toHaveLength(seen.length);
    expect(await count('SELECT count(*) AS n FROM catalogue_audio WHERE percent <> 100')).toBe(0);
    // Home's sessions first (latest ten and the fallback recommendation), shortest first in each.
    const first = firstScreenSessions(catalogue);
    expect(first.size).toBe(11);
    const tiers = seen.map((j) => (first.has(j.id) ? 0 : 1));
    expect(tiers).toEqual([...tiers].sort());
    for (const tier of [0, 1]) {
      const work = seen.filter((_, k) => tiers[k] === tier).map((j) => j.lengthSec * j.files.length);
      expect(work).toEqual([...work].sort((a, b) => a - b));
    }
    // Guided sessions carry their script; listening-room tracks have none.
    expect(
      seen.find((j) => j.files.some((f) => f.variant === 'voice'))?.guidance?.script.rounds.length,
    ).toBeGreaterThan(0);
    expect(seen.find((j) => j.files.every((f) => f.variant === 'instrumental'))?.guidance).toBeNull();
    // A later start has nothing left to do.
    expect(await seedDemoCatalogue({ sql, storageDir: dir, logger })).toBe(0);
    expect(
      await renderCatalogueAudio({
        sql,
        storageDir: dir,
        logger,
        render: () => Promise.reject(new Error('no')),
      }),
    ).toBe(0);
  });

  it('resumes after a crash: finished files stay, the next start renders only the rest', async () => {
    await seedDemoCatalogue({ sql, storageDir: dir, logger });
    await expect(
      renderCatalogueAudio({ sql, storageDir: dir, logger, render: fakePool({ failAfter: 3 }) }),
    ).rejects.toThrow('worker crashed');
    expect(await readyCount()).toBe(3);
    // A temp file left by the crash is removed, never registered.
    const stray = path.join(bucketDir(dir), `${allPaths.at(-1)}.123-deadbeef.tmp`);
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'half');
    const seen: RenderJob[] = [];
    await renderCatalogueAudio({ sql, storageDir: dir, logger, render: fakePool({ seen }) });
    expect(seen.reduce((n, j) => n + j.files.length, 0)).toBe(allPaths.length - 3);
    expect(await readyCount()).toBe(allPaths.length);
    expect(fs.existsSync(stray)).toBe(false);
  });

  it('brings a database seeded with the old short tracks up to date', async () => {
    await seedDemoCatalogue({ sql, storageDir: dir, logger });
    const guided = catalogue.sessions.find((s) => s.voice_path)!;
    await sql.run("UPDATE sessions SET voice_path = 'sessions/old-voice.mp3', length_sec = 80 WHERE id = ?", [
      guided.id,
    ]);
    await sql.run('DELETE FROM catalogue_audio WHERE session_id = ?', [guided.id]);
    await sql.run("UPDATE sessions SET title = 'a member''s own' WHERE id = 1");
    await seedDemoCatalogue({ sql, storageDir: dir, logger });
    const row = await sql.get('SELECT voice_path, length_sec FROM sessions WHERE id = ?', [guided.id]);
    expect(row).toEqual({ voice_path: guided.voice_path, length_sec: guided.length_sec });
    expect(await count(`SELECT count(*) AS n FROM catalogue_audio WHERE session_id = ${guided.id}`)).toBe(2);
  });
});
