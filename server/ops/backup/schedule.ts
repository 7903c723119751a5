import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { Logger } from '../../lib/logger';
import { createBackup, defaultBackupFile } from './backup';

const SCHEDULED = /^tuneful-.*\.tar\.gz$/;

/** The newest backups in a folder first (their names sort by time). */
export function backupsIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => SCHEDULED.test(f))
    .sort()
    .reverse()
    .map((f) => path.join(dir, f));
}

/** Keeps the newest `keep` archives of the folder and deletes the rest. */
export function pruneBackups(dir: string, keep: number): string[] {
  const removed = backupsIn(dir).slice(keep);
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/**
 * BACKUP_EVERY: the serving process (npm start, or the cluster's primary) takes a backup into
 * BACKUP_DIR that often and keeps the last BACKUP_KEEP. One runs at a time; a failure is
 * logged and tried again at the next tick. Returns a stop function.
 */
export function scheduleBackups(config: Config, logger: Logger): () => void {
  const every = config.backupEveryMs;
  if (!every) return () => {};
  const dir = config.backupDir ?? path.join(config.dataDir, 'backups');
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    const started = Date.now();
    try {
      const { file, manifest } = await createBackup(config, defaultBackupFile({ ...config, backupDir: dir }));
      const removed = pruneBackups(dir, config.backupKeep);
      logger.info('backup written', {
        file,
        ms: Date.now() - started,
        tables: Object.keys(manifest.counts).length,
        removed: removed.length,
      });
    } catch (err) {
      logger.error('backup failed', { error: (err as Error).message });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), every);
  timer.unref();
  logger.say(`  Backups every ${Math.round(every / 60_000)} min into ${dir} (keeping ${config.backupKeep}).`);
  return () => clearInterval(timer);
}
