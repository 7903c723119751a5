import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../../config';
import { databaseFile } from '../../db/open';
import { bucketRoot } from '../../storage/files';
import {
  BackupError,
  KEYS_ENTRY,
  MANIFEST,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  STORAGE_PREFIX,
  sha256,
  type BackupManifest,
} from './manifest';
import { snapshotPostgres } from './postgres-snapshot';
import { describeSqlite, snapshotSqlite } from './sqlite-snapshot';
import { storageObjectsIn, withoutDemoAudio } from './uploads';

/** Where `npm run backup` writes when no file is named: BACKUP_DIR, else DATA_DIR/backups. */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(config.backupDir ?? path.join(config.dataDir, 'backups'), `tuneful-${stamp}.tar.gz`);
}

/**
 * Writes one archive of a running installation: a consistent snapshot of the database
 * (SQLite's online backup, or pg_dump from one snapshot with DATABASE_URL), keys.json, and the
 * member uploads in storage (the demo catalogue's audio is rendered again, not archived), with
 * a manifest of the schema version, rows per table and every file's SHA-256. The archive
 * appears under its name only when complete.
 */
export async function createBackup(
  config: Config,
  file = defaultBackupFile(config),
  now = new Date(),
): Promise<{ file: string; manifest: BackupManifest }> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  try {
    let database: BackupManifest['database'];
    let described: { counts: Record<string, number>; migrations: number[] };
    let objects: { bucket: string; name: string }[];
    if (config.databaseUrl) {
      database = 'postgres';
      const snap = await snapshotPostgres(config.databaseUrl, path.join(staging, POSTGRES_ENTRY));
      described = snap;
      objects = withoutDemoAudio(snap.objects);
    } else {
      database = 'sqlite';
      const source = databaseFile(config.dataDir);
      if (!fs.existsSync(source)) throw new BackupError(`There is no database to back up at ${source}.`);
      const copy = path.join(staging, SQLITE_ENTRY);
      await snapshotSqlite(source, copy);
      described = describeSqlite(copy);
      objects = withoutDemoAudio(storageObjectsIn(copy));
    }
    const keys = path.join(config.dataDir, KEYS_ENTRY);
    if (!config.databaseUrl) {
      if (!fs.existsSync(keys))
        throw new BackupError(`${keys} is missing: without it no member's session or signed link verifies.`);
      fs.copyFileSync(keys, path.join(staging, KEYS_ENTRY));
    }
    for (const o of objects) {
      const from = path.join(bucketRoot(config.storageDir, o.bucket), o.name);
      // A row whose file is gone is reported, not silently archived as if it were whole.
      if (!fs.existsSync(from))
        throw new BackupError(`The stored file ${o.bucket}/${o.name} is missing from ${config.storageDir}.`);
      const to = path.join(staging, STORAGE_PREFIX, o.bucket, o.name);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(from, to);
    }
    const entries = listFiles(staging);
    const manifest: BackupManifest = {
      format: 'tuneful-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      database,
      migrations: described.migrations,
      counts: described.counts,
      files: await Promise.all(
        entries.map(async (p) => ({
          path: p,
          bytes: fs.statSync(path.join(staging, p)).size,
          sha256: await sha256(path.join(staging, p)),
        })),
      ),
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const partial = `${target}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, ...entries]);
    fs.renameSync(partial, target);
    return { file: target, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Relative paths of every file under dir, sorted, with '/' separators. */
export function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      return e.isDirectory() ? listFiles(dir, rel) : [rel];
    })
    .sort();
}
