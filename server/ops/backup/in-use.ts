import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './manifest';

/**
 * DATA_DIR/server.pid: written by the process that serves (npm start, or the cluster's
 * primary) and removed when it exits, so a restore can refuse to swap a database from under a
 * running server. A file left by a crash names a process that is gone and is ignored.
 */
export function pidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

export function markServing(dataDir: string, port: number): void {
  const file = pidFile(dataDir);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() }));
  process.on('exit', () => {
    try {
      const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
      if (owner.pid === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // Already gone, or replaced by another server: nothing of ours to remove.
    }
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it is alive all the same.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function assertNotServing(dataDir: string): void {
  let owner: { pid: number; port?: number };
  try {
    owner = JSON.parse(fs.readFileSync(pidFile(dataDir), 'utf8')) as { pid: number; port?: number };
  } catch {
    return;
  }
  if (Number.isInteger(owner.pid) && owner.pid !== process.pid && alive(owner.pid))
    throw new BackupError(
      `A server (process ${owner.pid}${owner.port ? `, port ${owner.port}` : ''}) is using ${dataDir}. Stop it (Ctrl-C or kill ${owner.pid}), then restore.`,
    );
}
