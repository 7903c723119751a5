import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { loadCatalogue, type Catalogue } from '../catalogue';
import { fileExists, removeStaleTemps, writeFileAtomic } from './atomic';
import { catalogueGuidance } from '../catalogue-scripts';
import { catalogueJobs, type RenderJob } from './jobs';
import { renderJobs } from './pool';

export interface BuildAudioOptions {
  /** Root of the `audio` storage bucket; files land at `${audioDir}/${path}`. */
  audioDir: string;
  /**
   * Called once with done = 0 before rendering starts, then after each file is written
   * (label e.g. "'gentle voice awakening' (voice)"). Not called when everything already exists.
   */
  onProgress?: (done: number, total: number, label: string) => void;
  /** Worker threads; defaults to the number of cores. 1 renders on the calling thread. */
  concurrency?: number;
  /** Defaults to fixtures/catalogue.json; tests pass short variants. */
  catalogue?: Catalogue;
  /** Mix the spoken guidance into voice files (default); tests of short variants turn it off. */
  guidance?: boolean;
}

/** Only the files still missing: content is deterministic, so an existing final name is complete. */
function missingWork(jobs: RenderJob[], audioDir: string): RenderJob[] {
  return jobs
    .map((job) => ({ ...job, files: job.files.filter((f) => !fileExists(path.join(audioDir, f.path))) }))
    .filter((job) => job.files.length > 0);
}

/**
 * Renders every file the catalogue references that is not on disk yet and returns every referenced
 * file with its size. Measured on 2 cores: see the final report / build-audio-cli.ts.
 */
export async function buildCatalogueAudio(
  opts: BuildAudioOptions,
): Promise<{ path: string; bytes: number }[]> {
  const catalogue = opts.catalogue ?? loadCatalogue();
  const jobs = catalogueJobs(catalogue, opts.guidance === false ? undefined : catalogueGuidance());
  await fs.promises.mkdir(opts.audioDir, { recursive: true });
  await removeStaleTemps(opts.audioDir);
  const todo = missingWork(jobs, opts.audioDir);
  const total = todo.reduce((n, job) => n + job.files.length, 0);
  if (total > 0) {
    let done = 0;
    opts.onProgress?.(0, total, 'starting');
    await renderJobs(todo, opts.concurrency ?? os.availableParallelism(), async (file, job) => {
      await writeFileAtomic(path.join(opts.audioDir, file.path), file.bytes);
      done++;
      opts.onProgress?.(done, total, `'${job.title}' (${file.variant})`);
    });
  }
  return catalogue.sessions.flatMap((s) =>
    [s.voice_path, s.instr_path]
      .filter((p): p is string => p !== null)
      .map((p) => ({ path: p, bytes: fs.statSync(path.join(opts.audioDir, p)).size })),
  );
}
