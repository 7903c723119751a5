/**
 * Test helper run as a child process under `tsx` (see pool.test.ts): proves the worker pool starts real
 * worker threads when the parent is a tsx process, as it is when the server seeds on first start.
 * Prints the pool's report and the SHA-256 of every rendered file as JSON.
 */
import { createHash } from 'node:crypto';
import { catalogueJobs } from './jobs';
import { renderJobs } from './pool';
import { miniCatalogue } from './test-fixtures';

const hashes: Record<string, string> = {};
const report = await renderJobs(catalogueJobs(miniCatalogue(3)), 2, async (file) => {
  hashes[file.path] = createHash('sha256').update(file.bytes).digest('hex');
});
console.log(JSON.stringify({ report, hashes }));
