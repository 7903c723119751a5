import os from 'node:os';

/** `--workers N` or `--workers=N` from the command line; without it, one worker per core. */
export function parseWorkers(argv: string[], cores = os.availableParallelism()): number {
  const i = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (i < 0) return cores;
  const raw = argv[i]?.includes('=') ? argv[i]?.split('=')[1] : argv[i + 1];
  if (!raw || !/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 256)
    throw new Error(`--workers must be a whole number from 1 to 256 (got ${raw ?? 'nothing'}).`);
  return Number(raw);
}
