// Worker-thread entry for the catalogue audio build (see pool.ts).
//
// Why plain JavaScript plus tsx's tsImport(): a worker thread gets a fresh module loader. Under `tsx`
// it inherits tsx's --import hook through execArgv, but under vitest the parent's TypeScript support
// lives inside vite's in-process transform and a `.ts` worker would fail to load. tsImport() compiles
// render-job.ts (and what it imports) on demand in any context, so this one entry works under tsx,
// vitest and plain node alike; pool.ts still falls back to in-process rendering if it cannot start.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { renderJobFiles } = await tsImport('./render-job.ts', import.meta.url);

parentPort.on('message', (job) => {
  try {
    for (const file of renderJobFiles(job)) {
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
