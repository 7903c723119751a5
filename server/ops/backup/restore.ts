import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../../config';
import { migrateSql, migrationsFor } from '../../db/migrate-sql';
import { databaseFile, openDatabase } from '../../db/open';
import { postgresDatabase, sqliteDatabase, type SqlDatabase } from '../../db/sql';
import { bucketRoot } from '../../storage/files';
import { ensurePrivateDir, makePrivate } from '../../lib/data-dir';
import { listFiles } from './backup';
import { lockForRestore } from './in-use';
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
} from './manifest';
import { restorePostgres, snapshotPostgres } from './postgres-snapshot';
import { decrypt, macMatches, sealKeys, type SealKeys } from './seal';
import { describeSqlite, integrityCheck } from './sqlite-snapshot';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table after the restore and the migrations. */
  counts: Record<string, number>;
  /** Where the database that was there before now is (null when there was none). */
  asideDir: string | null;
  /**
   * 'verified': the manifest's seal matched BACKUP_PASSPHRASE; 'unverified': the archive has
   * no seal and no passphrase was set, so only its checksums were checked (which whoever
   * changed it could have re-computed).
   */
  integrity: 'verified' | 'unverified';
  /**
   * The signing keys afterwards: the backup's ('restored'), the ones DATA_DIR (or the
   * database) already had, kept because the backup has none ('kept'), or none at all: the
   * server makes new ones at its next start, which signs every member out ('none').
   */
  keys: 'restored' | 'kept' | 'none';
}

/** What restoreIntoSqlite/-Postgres learn from the staged archive. */
interface Staged {
  manifest: BackupManifest;
  dir: string;
  seal: SealKeys | undefined;
}

/**
 * Puts a backup back: takes DATA_DIR's lock (refused while a server holds it, see in-use.ts),
 * checks the archive (its seal against BACKUP_PASSPHRASE when it has one, every checksum,
 * nothing unlisted, a schema this code knows), keeps the current database and keys aside in
 * DATA_DIR/before-restore-<time>/, restores, runs PRAGMA integrity_check and the migrations,
 * and returns the counts. A failure after the swap puts the old files back.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  now = new Date(),
): Promise<RestoreResult> {
  const stat = fs.statSync(archive, { throwIfNoEntry: false });
  if (!stat) throw new BackupError(`There is no backup at ${archive}.`);
  if (!stat.isFile()) throw new BackupError(`${archive} is not a file: name a backup archive (.tar.gz).`);
  ensurePrivateDir(config.dataDir);
  const unlock = lockForRestore(config.dataDir);
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    const staged = await unpackAndVerify(config, archive, staging);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const asideDir = path.join(config.dataDir, `before-restore-${stamp}`);
    const restored = config.databaseUrl
      ? await restoreIntoPostgres(config, staged, asideDir)
      : await restoreIntoSqlite(config, staged, asideDir);
    copyUploads(config, staging);
    return { manifest: staged.manifest, integrity: staged.seal ? 'verified' : 'unverified', ...restored };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

/** The first bytes of a gzip stream. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

async function unpackAndVerify(config: Config, archive: string, staging: string): Promise<Staged> {
  const head = Buffer.alloc(2);
  const fd = fs.openSync(archive, 'r');
  const read = fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  if (read < 2 || !head.equals(GZIP_MAGIC))
    throw new BackupError(`${archive} is not a Tuneful backup: it is not a .tar.gz archive.`);
  try {
    await tar.x({ file: archive, cwd: staging, strict: true });
  } catch (err) {
    throw new BackupError(
      `${archive} is not a readable backup archive, damaged or cut short (${(err as Error).message}).`,
    );
  }
  let manifestBytes: Buffer;
  let manifest: BackupManifest;
  try {
    manifestBytes = fs.readFileSync(path.join(staging, MANIFEST));
    manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${archive} has no readable ${MANIFEST}: it is not a Tuneful backup.`);
  }
  if (
    manifest?.format !== 'tuneful-backup' ||
    (manifest.formatVersion !== 1 && manifest.formatVersion !== 2) ||
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.migrations)
  )
    throw new BackupError(
      `${archive} is not a Tuneful backup this version can read (format ${String(manifest?.format)} ${String(manifest?.formatVersion)}).`,
    );
  const seal = await verifySeal(config, archive, staging, manifest, manifestBytes);
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = listFiles(staging).filter((p) => p !== MANIFEST && p !== MAC_ENTRY);
  const unlisted = present.filter((p) => !listed.has(p));
  if (unlisted.length)
    throw new BackupError(`${archive} holds files its manifest does not list: ${unlisted.join(', ')}.`);
  for (const f of manifest.files) {
    const file = path.join(staging, f.path);
    if (!fs.existsSync(file)) throw new BackupError(`${archive} is incomplete: ${f.path} is missing.`);
    if ((await sha256(file)) !== f.sha256)
      throw new BackupError(`${archive} is damaged: the checksum of ${f.path} does not match its manifest.`);
  }
  return { manifest, dir: staging, seal };
}

/**
 * The manifest's seal, checked against BACKUP_PASSPHRASE (a key the archive does not carry).
 * With a passphrase set, an archive without a seal is refused: a tampered archive could
 * otherwise drop its seal. Without one, a sealed archive cannot be opened, and an unsealed one
 * is restored unverified (the caller says so).
 */
async function verifySeal(
  config: Config,
  archive: string,
  staging: string,
  manifest: BackupManifest,
  manifestBytes: Buffer,
): Promise<SealKeys | undefined> {
  const macFile = path.join(staging, MAC_ENTRY);
  const sealed = manifest.seal !== undefined || fs.existsSync(macFile);
  const passphrase = config.backupPassphrase;
  if (!sealed) {
    if (passphrase)
      throw new BackupError(
        `${archive} is not sealed, so BACKUP_PASSPHRASE cannot verify it: it was made without a passphrase, or someone removed its seal. To restore it unverified anyway, unset BACKUP_PASSPHRASE for this one command.`,
      );
    return undefined;
  }
  if (!passphrase)
    throw new BackupError(
      `${archive} is sealed with a passphrase: set BACKUP_PASSPHRASE to the one it was made with, then restore.`,
    );
  if (!manifest.seal || !fs.existsSync(macFile))
    throw new BackupError(`${archive} has been tampered with: its seal is incomplete.`);
  const keys = await sealKeys(passphrase, manifest.seal);
  if (!macMatches(keys, manifestBytes, fs.readFileSync(macFile, 'utf8')))
    throw new BackupError(
      `${archive} does not match BACKUP_PASSPHRASE: either the passphrase is not the one it was made with, or the archive has been changed since. Nothing was restored.`,
    );
  return keys;
}

/** The keys the backup holds, as the bytes of keys.json (or the project_keys row's JSON), if any. */
function stagedKeys(staged: Staged): Buffer | undefined {
  const mode = staged.manifest.keys ?? 'included';
  if (mode === 'left-out') return undefined;
  if (mode === 'encrypted') {
    const file = path.join(staged.dir, SEALED_KEYS_ENTRY);
    if (!staged.seal || !fs.existsSync(file)) return undefined;
    return decrypt(staged.seal, fs.readFileSync(file));
  }
  const file = path.join(staged.dir, KEYS_ENTRY);
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/** The archive's schema may be older (the migrations bring it forward), never newer. */
function assertSchemaKnown(manifest: BackupManifest, db: Pick<SqlDatabase, 'dialect'>): void {
  const known = new Set(migrationsFor(db).map((m) => m.version));
  const unknown = manifest.migrations.filter((v) => !known.has(v));
  if (unknown.length)
    throw new BackupError(
      `This backup was made by a newer version of Tuneful (migrations ${unknown.join(', ')} are unknown here). Restore it with that version or a later one.`,
    );
}

async function restoreIntoSqlite(config: Config, archive: Staged, asideDir: string) {
  const { manifest, dir: staging } = archive;
  if (manifest.database !== 'sqlite')
    throw new BackupError(
      'This backup holds a PostgreSQL database: set DATABASE_URL to the database to restore it into.',
    );
  assertSchemaKnown(manifest, { dialect: 'sqlite' });
  const staged = path.join(staging, SQLITE_ENTRY);
  const check = integrityCheck(staged);
  if (check !== 'ok')
    throw new BackupError(`The backed-up database fails SQLite's integrity check: ${check}.`);

  const keys = stagedKeys(archive);
  const live = databaseFile(config.dataDir);
  const liveKeys = path.join(config.dataDir, KEYS_ENTRY);
  // A backup without keys keeps the keys DATA_DIR has (they stay in place, not aside).
  const hadKeys = fs.existsSync(liveKeys);
  const swapped = [
    `${path.basename(live)}`,
    `${path.basename(live)}-wal`,
    `${path.basename(live)}-shm`,
    ...(keys ? [KEYS_ENTRY] : []),
  ].filter((f) => fs.existsSync(path.join(config.dataDir, f)));
  if (swapped.length) fs.mkdirSync(asideDir, { recursive: true, mode: 0o700 });
  for (const f of swapped) fs.renameSync(path.join(config.dataDir, f), path.join(asideDir, f));
  try {
    fs.copyFileSync(staged, live);
    makePrivate(live);
    if (keys) fs.writeFileSync(liveKeys, keys, { mode: 0o600 });
    const sql = sqliteDatabase(openDatabase(live));
    try {
      await migrateSql(sql);
    } finally {
      await sql.close();
    }
    const after = integrityCheck(live);
    if (after !== 'ok')
      throw new BackupError(
        `The restored database fails SQLite's integrity check after the migrations: ${after}.`,
      );
    return {
      counts: describeSqlite(live).counts,
      asideDir: swapped.length ? asideDir : null,
      keys: keys ? ('restored' as const) : hadKeys ? ('kept' as const) : ('none' as const),
    };
  } catch (err) {
    for (const f of [
      path.basename(live),
      `${path.basename(live)}-wal`,
      `${path.basename(live)}-shm`,
      ...(keys ? [KEYS_ENTRY] : []),
    ])
      fs.rmSync(path.join(config.dataDir, f), { force: true });
    for (const f of swapped) fs.renameSync(path.join(asideDir, f), path.join(config.dataDir, f));
    if (swapped.length) fs.rmSync(asideDir, { recursive: true, force: true });
    throw err;
  }
}

async function restoreIntoPostgres(config: Config, staged: Staged, asideDir: string) {
  const { manifest, dir: staging } = staged;
  if (manifest.database !== 'postgres')
    throw new BackupError(
      'This backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR (then `npm run db:copy` moves it to PostgreSQL).',
    );
  assertSchemaKnown(manifest, { dialect: 'postgres' });
  const url = config.databaseUrl!;
  // The database as it is now goes aside first, as a dump of its own.
  const keys = stagedKeys(staged);
  fs.mkdirSync(asideDir, { recursive: true, mode: 0o700 });
  await snapshotPostgres(url, path.join(asideDir, POSTGRES_ENTRY));
  const current = await currentKeyRow(url);
  await restorePostgres(url, path.join(staging, POSTGRES_ENTRY));
  const sql = postgresDatabase(url);
  try {
    await migrateSql(sql);
    // An archive with its keys in the dump ('included') has them back already; encrypted ones
    // go back now; without any, the database's current keys are kept.
    const row = keys ? (JSON.parse(keys.toString('utf8')) as Record<string, unknown>) : current;
    if (row && (manifest.keys ?? 'included') !== 'included') await putKeyRow(sql, row);
    const kept = await sql.get<{ n: number | string }>('SELECT count(*) AS n FROM project_keys');
    const keyState =
      (manifest.keys ?? 'included') === 'included' || keys
        ? ('restored' as const)
        : Number(kept?.n) > 0
          ? ('kept' as const)
          : ('none' as const);
    const tables = await sql.all<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number(
        (await sql.get<{ n: number | string }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`))!
          .n,
      );
    return { counts, asideDir, keys: keyState };
  } finally {
    await sql.close();
  }
}

/** The project_keys row before the restore (none when the database is new or has no keys). */
async function currentKeyRow(url: string): Promise<Record<string, unknown> | null> {
  const sql = postgresDatabase(url);
  try {
    return (await sql.get<Record<string, unknown>>('SELECT * FROM project_keys WHERE id = 1')) ?? null;
  } catch {
    return null;
  } finally {
    await sql.close();
  }
}

const KEY_COLUMNS = [
  'id',
  'jwt_secret',
  'anon_key',
  'service_role_key',
  'vapid_public_key',
  'vapid_private_key',
  'created_at',
] as const;

async function putKeyRow(sql: SqlDatabase, row: Record<string, unknown>): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.run('DELETE FROM project_keys');
    await tx.run(
      `INSERT INTO project_keys (${KEY_COLUMNS.join(', ')}) VALUES (${KEY_COLUMNS.map(() => '?').join(', ')})`,
      KEY_COLUMNS.map((c) => (row[c] ?? null) as string | number | null),
    );
  });
}

function copyUploads(config: Config, staging: string): void {
  const root = path.join(staging, STORAGE_PREFIX);
  if (!fs.existsSync(root)) return;
  for (const rel of listFiles(root)) {
    const [bucket, ...rest] = rel.split('/');
    const to = path.join(bucketRoot(config.storageDir, bucket!), ...rest);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(root, rel), to);
  }
}
