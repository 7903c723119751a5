import { Worker } from 'node:worker_threads';
import type { RenderJob } from './jobs';
import { renderJob, type RenderedFile } from './render-job';

/** Receives each encoded file (e.g. writes it); awaited before the worker gets its next job. */
export type FileSink = (file: RenderedFile, job: RenderJob) => Promise<void>;

export interface PoolOptions {
  /** The share (0..1) of a job done so far, whole percents at most once each. */
  onProgress?: (job: RenderJob, fraction: number) => void;
  /** Lower the workers' CPU priority by this much (Linux), for rendering behind a live server. */
  nice?: number;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; fraction: number }
  | { type: 'file'; file: RenderedFile }
  | { type: 'done' }
  | { type: 'error'; message: string };

const WORKER_URL = new URL('./render-worker.mjs', import.meta.url);

/** Sequential rendering on this thread: the fallback when workers cannot start, and concurrency 1. */
export async function renderInProcess(
  queue: RenderJob[],
  sink: FileSink,
  opts: PoolOptions = {},
): Promise<void> {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const current = job;
    for (const file of await renderJob(job, (f) => opts.onProgress?.(current, f))) {
      await sink(file, job);
      // Yield to the event loop so progress output and other I/O are not starved between files.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * One worker pulling jobs from the shared queue until it is empty. Resolves `false` when the worker
 * never became ready (e.g. tsx missing in that context) so the caller can render in-process instead.
 */
function drainWithWorker(
  queue: RenderJob[],
  sink: FileSink,
  live: Set<Worker>,
  opts: PoolOptions,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { nice: opts.nice ?? 0 } });
    live.add(worker);
    let ready = false;
    let current: RenderJob | undefined;
    let writes = Promise.resolve();
    const finish = (ok: boolean, err?: unknown) => {
      live.delete(worker);
      void worker.terminate();
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(ok);
    };
    const next = () => {
      current = queue.shift();
      if (current) worker.postMessage(current);
      else finish(true);
    };
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'ready') {
        ready = true;
        next();
      } else if (msg.type === 'progress' && current) {
        opts.onProgress?.(current, msg.fraction);
      } else if (msg.type === 'file' && current) {
        const job = current;
        writes = writes.then(() => sink(msg.file, job));
      } else if (msg.type === 'done') writes.then(next, (e: unknown) => finish(false, e));
      else if (msg.type === 'error')
        finish(false, new Error(`rendering '${current?.title}' failed: ${msg.message}`));
    });
    worker.on('error', (err) => (ready ? finish(false, err) : finish(false)));
    worker.on('exit', (code) => {
      if (live.has(worker))
        finish(false, ready ? new Error(`render worker exited with code ${code}`) : undefined);
    });
  });
}

/** How the jobs were rendered: in `workers` threads, or (partly) on the calling thread. */
export interface RenderReport {
  workersUsed: number;
  inProcessJobs: number;
}

/** Renders every job with up to `concurrency` worker threads, handing each encoded file to `sink`. */
export async function renderJobs(
  jobs: RenderJob[],
  concurrency: number,
  sink: FileSink,
  opts: PoolOptions = {},
): Promise<RenderReport> {
  const queue = [...jobs];
  const workers = Math.min(Math.max(1, Math.floor(concurrency)), queue.length);
  if (workers <= 1) {
    await renderInProcess(queue, sink, opts);
    return { workersUsed: 0, inProcessJobs: jobs.length };
  }
  const live = new Set<Worker>();
  let started: boolean[];
  try {
    started = await Promise.all(
      Array.from({ length: workers }, () => drainWithWorker(queue, sink, live, opts)),
    );
  } finally {
    for (const w of live) void w.terminate();
  }
  // Workers that could not start left their share in the queue.
  const inProcessJobs = queue.length;
  if (queue.length > 0) await renderInProcess(queue, sink, opts);
  return { workersUsed: started.filter(Boolean).length, inProcessJobs };
}
