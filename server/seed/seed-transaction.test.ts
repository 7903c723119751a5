import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { openDatabase, type DB } from '../db/open';
import { createLogger } from '../lib/logger';
import type { RenderJob } from './audio/jobs';
import type { FileSink, PoolOptions } from './audio/pool';
import { firstScreenSessions, renderCatalogueAudio } from './audio-queue';
import { loadCatalogue } from './catalogue';
import { bucketDir, seedDemoCatalogue } from './index';

let dir: string;
let db: DB;
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

const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
const readyCount = () => count('SELECT count(*) AS n FROM catalogue_audio WHERE ready_at IS NOT NULL');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-'));
  db = openDatabase(path.join(dir, 'app.db'));
  migrate(db);
  lines.length = 0;
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seeding the demo catalogue', () => {
  it('inserts every session and queues its audio without rendering (the server is ready at once)', () => {
    expect(seedDemoCatalogue({ db, dataDir: dir, logger })).toBe(catalogue.sessions.length);
    expect(count('SELECT count(*) AS n FROM sessions')).toBe(catalogue.sessions.length);
    expect(count('SELECT count(*) AS n FROM catalogue_audio')).toBe(allPaths.length);
    // Nothing is in the bucket until its file is complete.
    expect(count('SELECT count(*) AS n FROM storage_objects')).toBe(0);
    const row = db.prepare('SELECT category FROM sessions WHERE id = ?').get(catalogue.sessions[0]!.id) as {
      category: string;
    };
    expect(JSON.parse(row.category)).toEqual(catalogue.sessions[0]!.category);
    expect(lines.at(-1)).toMatch(/Demo catalogue ready: \d+ sessions \(0 audio files already rendered/);
  });

  it('registers files already on disk at once (a restart, or the e2e cache)', () => {
    const file = path.join(bucketDir(dir), allPaths[0]!);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'rendered before');
    seedDemoCatalogue({ db, dataDir: dir, logger });
    expect(readyCount()).toBe(1);
    expect(count('SELECT count(*) AS n FROM storage_objects')).toBe(1);
  });

  it('renders the rest in the background, home first, registering each file when complete', async () => {
    seedDemoCatalogue({ db, dataDir: dir, logger });
    const seen: RenderJob[] = [];
    const percents: number[] = [];
    const pool = fakePool({ seen });
    const n = await renderCatalogueAudio({
      db,
      dataDir: dir,
      logger,
      render: async (jobs, c, sink, opts) => {
        await pool(jobs, c, sink, {
          ...opts,
          onProgress: (job, f) => {
            opts.onProgress?.(job, f);
            const row = db.prepare('SELECT percent FROM catalogue_audio WHERE session_id = ?').get(job.id);
            percents.push((row as { percent: number }).percent);
          },
        });
      },
    });
    expect(n).toBe(allPaths.length);
    expect(readyCount()).toBe(allPaths.length);
    expect(count('SELECT count(*) AS n FROM storage_objects')).toBe(allPaths.length);
    expect(percents.every((p) => p === 50)).toBe(true);
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
    expect(seedDemoCatalogue({ db, dataDir: dir, logger })).toBe(0);
    expect(
      await renderCatalogueAudio({ db, dataDir: dir, logger, render: () => Promise.reject(new Error('no')) }),
    ).toBe(0);
  });

  it('resumes after a crash: finished files stay, the next start renders only the rest', async () => {
    seedDemoCatalogue({ db, dataDir: dir, logger });
    await expect(
      renderCatalogueAudio({ db, dataDir: dir, logger, render: fakePool({ failAfter: 3 }) }),
    ).rejects.toThrow('worker crashed');
    expect(readyCount()).toBe(3);
    // A temp file left by the crash is removed, never registered.
    const stray = path.join(bucketDir(dir), `${allPaths.at(-1)}.123-deadbeef.tmp`);
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, 'half');
    const seen: RenderJob[] = [];
    await renderCatalogueAudio({ db, dataDir: dir, logger, render: fakePool({ seen }) });
    expect(seen.reduce((n, j) => n + j.files.length, 0)).toBe(allPaths.length - 3);
    expect(readyCount()).toBe(allPaths.length);
    expect(fs.existsSync(stray)).toBe(false);
  });

  it('brings a database seeded with the old short tracks up to date', async () => {
    seedDemoCatalogue({ db, dataDir: dir, logger });
    const guided = catalogue.sessions.find((s) => s.voice_path)!;
    db.prepare("UPDATE sessions SET voice_path = 'sessions/old-voice.mp3', length_sec = 80 WHERE id = ?").run(
      guided.id,
    );
    db.prepare('DELETE FROM catalogue_audio WHERE session_id = ?').run(guided.id);
    db.prepare("UPDATE sessions SET title = 'a member''s own' WHERE id = 1").run();
    seedDemoCatalogue({ db, dataDir: dir, logger });
    const row = db.prepare('SELECT voice_path, length_sec FROM sessions WHERE id = ?').get(guided.id);
    expect(row).toEqual({ voice_path: guided.voice_path, length_sec: guided.length_sec });
    expect(count(`SELECT count(*) AS n FROM catalogue_audio WHERE session_id = ${guided.id}`)).toBe(2);
  });
});
