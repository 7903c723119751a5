import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogueJobs } from './jobs';
import { renderJobs } from './pool';
import { miniCatalogue } from './test-fixtures';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const probe = fileURLToPath(new URL('./worker-probe.ts', import.meta.url));

describe('render pool', () => {
  it('starts real worker threads when the parent runs under tsx, from any working directory', async () => {
    const out = execFileSync(process.execPath, [tsxCli, probe], { cwd: os.tmpdir(), encoding: 'utf8' });
    const { report, hashes } = JSON.parse(out) as { report: unknown; hashes: Record<string, string> };
    expect(report).toEqual({ workersUsed: 2, inProcessJobs: 0 });

    // ...and the files match what this (vitest) process renders on its own thread.
    const local: Record<string, string> = {};
    await renderJobs(catalogueJobs(miniCatalogue(3)), 1, async (f) => {
      local[f.path] = createHash('sha256').update(f.bytes).digest('hex');
    });
    expect(hashes).toEqual(local);
  });
});
