import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Config } from '../../config';
import { migrateSql, migrationsFor } from '../../db/migrate-sql';
import { databaseFile, openDatabase } from '../../db/open';
import { postgresDatabase, sqliteDatabase, type SqlDatabase } from '../../db/sql';
import { bucketRoot } from '../../storage/files';
import { listFiles } from './backup';
import { assertNotServing } from './in-use';
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
import { restorePostgres, snapshotPostgres } from './postgres-snapshot';
import { describeSqlite, integrityCheck } from './sqlite-snapshot';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Rows per table after the restore and the migrations. */
  counts: Record<string, number>;
  /** Where the database that was there before now is (null when there was none). */
  asideDir: string | null;
}

/**
 * Puts a backup back: checks the archive (every checksum, nothing unlisted, a schema this
 * code knows), refuses while a server uses DATA_DIR, keeps the current database and keys
 * aside in DATA_DIR/before-restore-<time>/, restores, runs PRAGMA integrity_check and the
 * migrations, and returns the counts. A failure after the swap puts the old files back.
 */
export async function restoreBackup(
  config: Config,
  archive: string,
  now = new Date(),
): Promise<RestoreResult> {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup at ${archive}.`);
  assertNotServing(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    const manifest = await unpackAndVerify(archive, staging);
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const asideDir = path.join(config.dataDir, `before-restore-${stamp}`);
    const restored = config.databaseUrl
      ? await restoreIntoPostgres(config, manifest, staging, asideDir)
      : await restoreIntoSqlite(config, manifest, staging, asideDir);
    copyUploads(config, staging);
    return { manifest, ...restored };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function unpackAndVerify(archive: string, staging: string): Promise<BackupManifest> {
  try {
    await tar.x({ file: archive, cwd: staging, strict: true });
  } catch (err) {
    throw new BackupError(`${archive} is not a readable backup archive (${(err as Error).message}).`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${archive} has no readable ${MANIFEST}: it is not a Tuneful backup.`);
  }
  if (manifest.format !== 'tuneful-backup' || manifest.formatVersion !== 1)
    throw new BackupError(
      `${archive} is not a Tuneful backup this version can read (format ${String(manifest.format)} ${String(manifest.formatVersion)}).`,
    );
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const present = listFiles(staging).filter((p) => p !== MANIFEST);
  const unlisted = present.filter((p) => !listed.has(p));
  if (unlisted.length)
    throw new BackupError(`${archive} holds files its manifest does not list: ${unlisted.join(', ')}.`);
  for (const f of manifest.files) {
    const file = path.join(staging, f.path);
    if (!fs.existsSync(file)) throw new BackupError(`${archive} is incomplete: ${f.path} is missing.`);
    if ((await sha256(file)) !== f.sha256)
      throw new BackupError(`${archive} is damaged: the checksum of ${f.path} does not match its manifest.`);
  }
  return manifest;
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

async function restoreIntoSqlite(
  config: Config,
  manifest: BackupManifest,
  staging: string,
  asideDir: string,
) {
  if (manifest.database !== 'sqlite')
    throw new BackupError(
      'This backup holds a PostgreSQL database: set DATABASE_URL to the database to restore it into.',
    );
  assertSchemaKnown(manifest, { dialect: 'sqlite' });
  const staged = path.join(staging, SQLITE_ENTRY);
  const check = integrityCheck(staged);
  if (check !== 'ok')
    throw new BackupError(`The backed-up database fails SQLite's integrity check: ${check}.`);

  const live = databaseFile(config.dataDir);
  const swapped = [
    `${path.basename(live)}`,
    `${path.basename(live)}-wal`,
    `${path.basename(live)}-shm`,
    KEYS_ENTRY,
  ].filter((f) => fs.existsSync(path.join(config.dataDir, f)));
  if (swapped.length) fs.mkdirSync(asideDir, { recursive: true });
  for (const f of swapped) fs.renameSync(path.join(config.dataDir, f), path.join(asideDir, f));
  try {
    fs.copyFileSync(staged, live);
    fs.copyFileSync(path.join(staging, KEYS_ENTRY), path.join(config.dataDir, KEYS_ENTRY));
    fs.chmodSync(path.join(config.dataDir, KEYS_ENTRY), 0o600);
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
    return { counts: describeSqlite(live).counts, asideDir: swapped.length ? asideDir : null };
  } catch (err) {
    for (const f of [
      path.basename(live),
      `${path.basename(live)}-wal`,
      `${path.basename(live)}-shm`,
      KEYS_ENTRY,
    ])
      fs.rmSync(path.join(config.dataDir, f), { force: true });
    for (const f of swapped) fs.renameSync(path.join(asideDir, f), path.join(config.dataDir, f));
    if (swapped.length) fs.rmSync(asideDir, { recursive: true, force: true });
    throw err;
  }
}

async function restoreIntoPostgres(
  config: Config,
  manifest: BackupManifest,
  staging: string,
  asideDir: string,
) {
  if (manifest.database !== 'postgres')
    throw new BackupError(
      'This backup holds a SQLite database: unset DATABASE_URL to restore it into DATA_DIR (then `npm run db:copy` moves it to PostgreSQL).',
    );
  assertSchemaKnown(manifest, { dialect: 'postgres' });
  const url = config.databaseUrl!;
  // The database as it is now goes aside first, as a dump of its own.
  fs.mkdirSync(asideDir, { recursive: true });
  await snapshotPostgres(url, path.join(asideDir, POSTGRES_ENTRY));
  await restorePostgres(url, path.join(staging, POSTGRES_ENTRY));
  const sql = postgresDatabase(url);
  try {
    await migrateSql(sql);
    const tables = await sql.all<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables)
      counts[name] = Number(
        (await sql.get<{ n: number | string }>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`))!
          .n,
      );
    return { counts, asideDir };
  } finally {
    await sql.close();
  }
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
