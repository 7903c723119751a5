// Worker-thread entry for the catalogue audio build (see pool.ts).
//
// Why plain JavaScript plus tsx's tsImport(): a worker thread gets a fresh module loader. Under `tsx`
// it inherits tsx's --import hook through execArgv, but under vitest the parent's TypeScript support
// lives inside vite's in-process transform and a `.ts` worker would fail to load. tsImport() compiles
// render-job.ts (and what it imports) on demand in any context, so this one entry works under tsx,
// vitest and plain node alike; pool.ts still falls back to in-process rendering if it cannot start.
import fs from 'node:fs';
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { renderJob } = await tsImport('./render-job.ts', import.meta.url);

// Rendering runs in the background while the server answers requests: on Linux this thread
// (not the process) gets a lower CPU priority, so a request on the main thread always goes first.
if (workerData?.nice) {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, workerData.nice);
  } catch {
    // Not Linux, or not allowed: render at normal priority.
  }
}

parentPort.on('message', async (job) => {
  try {
    let last = -1;
    const files = await renderJob(job, (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent === last) return;
      last = percent;
      parentPort.postMessage({ type: 'progress', fraction });
    });
    for (const file of files) {
      // Transfer, not copy: the encoded bytes change owner at no cost.
      parentPort.postMessage({ type: 'file', file }, [file.bytes.buffer]);
    }
    parentPort.postMessage({ type: 'done' });
  } catch (err) {
    parentPort.postMessage({
      type: 'error',
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  }
});

parentPort.postMessage({ type: 'ready' });
