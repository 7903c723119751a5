import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SqlExecutor } from '../db/sql';
import type { Logger } from '../lib/logger';
import { removeStaleTemps, writeFileAtomic } from './audio/atomic';
import { catalogueJobs, type RenderJob } from './audio/jobs';
import { renderJobs, type FileSink, type PoolOptions } from './audio/pool';
import { registerFile } from './audio-register';
import { loadCatalogue, type Catalogue } from './catalogue';
import { catalogueGuidance } from './catalogue-scripts';
import { bucketDir } from './index';

/** Background workers run this much below the server's CPU priority (Linux `nice`). */
export const RENDER_NICE = 10;

export interface RenderAudioOptions {
  sql: SqlExecutor;
  /** STORAGE_DIR (config.storageDir). */
  storageDir: string;
  logger: Logger;
  catalogue?: Catalogue;
  /** Worker threads; defaults to the number of cores (they run at a lower priority). */
  concurrency?: number;
  /** How far below the server's priority the workers run (AUDIO_RENDER_NICE; RENDER_NICE by default). */
  nice?: number;
  /** The pool; tests pass a fake. */
  render?: (jobs: RenderJob[], concurrency: number, sink: FileSink, opts: PoolOptions) => Promise<unknown>;
}

/** Home's latest list (the 10 highest ids) and its fallback recommendation. */
const LATEST_ON_HOME = 10;
const FALLBACK_RECOMMENDATION = 'gentle voice awakening';

/** The sessions the first screen a member sees (home) shows: rendered before the rest. */
export function firstScreenSessions(catalogue: Catalogue): Set<number> {
  const ids = catalogue.sessions.map((s) => s.id).sort((a, b) => b - a);
  const fallback = catalogue.sessions.find((s) => s.title === FALLBACK_RECOMMENDATION);
  return new Set([...ids.slice(0, LATEST_ON_HOME), ...(fallback ? [fallback.id] : [])]);
}

/**
 * Renders every queued catalogue file that is not on disk yet, in worker threads behind the
 * running server. What home shows first (its latest list and fallback recommendation), then
 * the rest; shortest first within each, so most of the catalogue becomes playable soonest.
 * Each file is written atomically and registered (storage object + ready mark) as soon as it
 * is complete; the percentage of each session's job is kept in catalogue_audio for the
 * "preparing audio" screens. A crash or a stop loses only the jobs in flight: the next start
 * removes their temp files and renders what is still missing.
 */
export async function renderCatalogueAudio(opts: RenderAudioOptions): Promise<number> {
  const { sql, logger } = opts;
  const audioDir = bucketDir(opts.storageDir);
  const pending = await sql.all<{ path: string }>('SELECT path FROM catalogue_audio WHERE ready_at IS NULL');
  if (pending.length === 0) return 0;
  const wanted = new Set(pending.map((p) => p.path));
  const catalogue = opts.catalogue ?? loadCatalogue();
  const first = firstScreenSessions(catalogue);
  const tier = (job: RenderJob) => (first.has(job.id) ? 0 : 1);
  const jobs = catalogueJobs(catalogue, catalogueGuidance())
    .map((job) => ({ ...job, files: job.files.filter((f) => wanted.has(f.path)) }))
    .filter((job) => job.files.length > 0)
    .sort(
      (a, b) =>
        tier(a) - tier(b) || a.lengthSec * a.files.length - b.lengthSec * b.files.length || a.id - b.id,
    );
  // Rows for files the catalogue no longer names (another version's) are left alone.
  if (jobs.length === 0) return 0;
  await fs.promises.mkdir(audioDir, { recursive: true });
  await removeStaleTemps(audioDir);
  const total = jobs.reduce((n, j) => n + j.files.length, 0);
  const started = Date.now();
  let done = 0;
  logger.say(`Rendering ${total} demo audio tracks in the background…`);
  // Progress is advisory (the "preparing audio" percentage): a failed update is logged, not fatal.
  const inFlight = new Set<Promise<unknown>>();
  const setPercent = (percent: number, sessionId: number) => {
    const p = sql
      .run(
        'UPDATE catalogue_audio SET percent = ? WHERE session_id = ? AND ready_at IS NULL AND percent < ?',
        [percent, sessionId, percent],
      )
      .catch((err: unknown) =>
        logger.warn('could not record render progress', { error: (err as Error).message }),
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const render = opts.render ?? renderJobs;
  // Progress writes are settled before returning (or failing), so none outlives the render.
  try {
    await render(
      jobs,
      opts.concurrency ?? os.availableParallelism(),
      async (file, job) => {
        await writeFileAtomic(path.join(audioDir, file.path), file.bytes);
        await registerFile(sql, audioDir, file.path);
        done++;
        logger.say(`  [${done}/${total}] '${job.title}' (${file.variant})`);
      },
      {
        nice: opts.nice ?? RENDER_NICE,
        onProgress: (job, fraction) => {
          const percent = Math.min(99, Math.floor(fraction * 100));
          setPercent(percent, job.id);
        },
      },
    );
  } finally {
    await Promise.all(inFlight);
  }
  logger.say(
    `Demo audio fully rendered: ${total} tracks in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return total;
}
