import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../../config';
import { databaseFile } from '../../db/open';
import { bucketRoot } from '../../storage/files';
import { ensurePrivateDir } from '../../lib/data-dir';
import {
  BackupError,
  KEYS_ENTRY,
  MAC_ENTRY,
  MANIFEST,
  SEALED_KEYS_ENTRY,
  POSTGRES_ENTRY,
  SQLITE_ENTRY,
  STORAGE_PREFIX,
  sha256,
  type BackupManifest,
  type KeysInArchive,
} from './manifest';
import { encrypt, macOf, newSeal } from './seal';
import { snapshotPostgres } from './postgres-snapshot';
import { describeSqlite, snapshotSqlite } from './sqlite-snapshot';
import { storageObjectsIn, withoutDemoAudio } from './uploads';

/** Where `npm run backup` writes when no file is named: BACKUP_DIR, else DATA_DIR/backups. */
export function defaultBackupFile(config: Config, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(config.backupDir ?? path.join(config.dataDir, 'backups'), `tuneful-${stamp}.tar.gz`);
}

export interface BackupOptions {
  /** `--without-keys`: the signing keys stay out of the archive (see restore.ts for what then). */
  withoutKeys?: boolean;
}

/** How the keys go into an archive: left out when asked, encrypted with a passphrase, else as they are. */
export function keysMode(config: Config, options: BackupOptions): KeysInArchive {
  if (options.withoutKeys) return 'left-out';
  return config.backupPassphrase ? 'encrypted' : 'included';
}

/**
 * Writes one archive of a running installation: a consistent snapshot of the database
 * (SQLite's online backup, or pg_dump from one snapshot with DATABASE_URL), the signing keys
 * (keys.json, or PostgreSQL's project_keys row), and the member uploads in storage (the demo
 * catalogue's audio is rendered again, not archived), with a manifest of the schema version,
 * rows per table and every file's SHA-256. With BACKUP_PASSPHRASE the keys are encrypted and
 * the manifest sealed (seal.ts); with `withoutKeys` they are left out. The archive is 0600 in a
 * 0700 folder whatever the umask, and appears under its name only when complete.
 */
export async function createBackup(
  config: Config,
  file = defaultBackupFile(config),
  now = new Date(),
  options: BackupOptions = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const target = path.resolve(file);
  const folder = path.dirname(target);
  // The backups folder (BACKUP_DIR or DATA_DIR/backups) is ours: 0700. A folder the operator
  // named for one archive (say, the current one) is only created, never changed.
  if (folder === path.resolve(config.backupDir ?? path.join(config.dataDir, 'backups')))
    ensurePrivateDir(folder);
  else fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const keys = keysMode(config, options);
  // With a passphrase the archive is sealed, whether its keys are encrypted or left out.
  const seal = config.backupPassphrase ? await newSeal(config.backupPassphrase) : undefined;
  // mkdtemp makes the staging folder 0700: nothing in it is readable by others meanwhile.
  const staging = fs.mkdtempSync(path.join(folder, '.backup-'));
  try {
    let database: BackupManifest['database'];
    let described: { counts: Record<string, number>; migrations: number[] };
    let objects: { bucket: string; name: string }[];
    if (config.databaseUrl) {
      database = 'postgres';
      const snap = await snapshotPostgres(config.databaseUrl, path.join(staging, POSTGRES_ENTRY), {
        withoutKeys: keys !== 'included',
      });
      described = snap;
      objects = withoutDemoAudio(snap.objects);
      if (seal && keys === 'encrypted' && snap.keyRow)
        fs.writeFileSync(
          path.join(staging, SEALED_KEYS_ENTRY),
          encrypt(seal, Buffer.from(JSON.stringify(snap.keyRow))),
        );
    } else {
      database = 'sqlite';
      const source = databaseFile(config.dataDir);
      if (!fs.existsSync(source)) throw new BackupError(`There is no database to back up at ${source}.`);
      const copy = path.join(staging, SQLITE_ENTRY);
      await snapshotSqlite(source, copy);
      described = describeSqlite(copy);
      objects = withoutDemoAudio(storageObjectsIn(copy));
    }
    const keyFile = path.join(config.dataDir, KEYS_ENTRY);
    if (!config.databaseUrl && keys !== 'left-out') {
      if (!fs.existsSync(keyFile))
        throw new BackupError(
          `${keyFile} is missing: without it no member's session or signed link verifies.`,
        );
      if (seal)
        fs.writeFileSync(path.join(staging, SEALED_KEYS_ENTRY), encrypt(seal, fs.readFileSync(keyFile)));
      else fs.copyFileSync(keyFile, path.join(staging, KEYS_ENTRY));
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
      formatVersion: 2,
      createdAt: now.toISOString(),
      database,
      keys,
      ...(seal ? { seal: seal.params } : {}),
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
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    fs.writeFileSync(path.join(staging, MANIFEST), manifestBytes);
    const sealEntry = seal ? [MAC_ENTRY] : [];
    if (seal) fs.writeFileSync(path.join(staging, MAC_ENTRY), `${macOf(seal, manifestBytes)}\n`);
    // Written inside the 0700 staging folder, made 0600, then renamed into place: the archive
    // is never readable by another user, not even while it is being written.
    const partial = path.join(staging, '.archive.partial');
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      ...sealEntry,
      ...entries,
    ]);
    fs.chmodSync(partial, 0o600);
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
