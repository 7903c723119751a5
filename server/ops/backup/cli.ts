/**
 * npm run backup -- [FILE] [--without-keys]   an archive of the running installation (backup.ts)
 * npm run restore -- FILE                     puts one back (restore.ts); the server must be stopped
 * Configuration as the server's (DATA_DIR, DATABASE_URL, STORAGE_DIR, BACKUP_DIR,
 * BACKUP_PASSPHRASE). Every refusal is one plain line and exit code 1, never a stack trace.
 */
import { ConfigError, loadConfig, type Config } from '../../config';
import { StartupError } from '../../lib/startup-error';
import { createBackup, defaultBackupFile, keysMode } from './backup';
import { BackupError } from './manifest';
import { restoreBackup, type RestoreResult } from './restore';

const USAGE = 'usage: npm run backup -- [FILE] [--without-keys]   |   npm run restore -- FILE';

function table(counts: Record<string, number>): string {
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  return Object.entries(counts)
    .map(([name, n]) => `  ${name.padEnd(width)}  ${n}`)
    .join('\n');
}

const KEYS_SAID = {
  included:
    'The signing keys are in this archive unencrypted: whoever reads it can sign in as any member. Set BACKUP_PASSPHRASE to encrypt them, or take backups with --without-keys.',
  encrypted: 'The signing keys are encrypted with BACKUP_PASSPHRASE and the archive is sealed with it.',
  'left-out': 'The signing keys are not in this archive (--without-keys): keep keys.json safe elsewhere.',
} as const;

async function backup(config: Config, args: string[]): Promise<void> {
  const withoutKeys = args.includes('--without-keys');
  const files = args.filter((a) => a !== '--without-keys');
  if (files.length > 1 || files.some((f) => f.startsWith('--'))) usage();
  const started = Date.now();
  const { file: written, manifest } = await createBackup(
    config,
    files[0] ?? defaultBackupFile(config),
    new Date(),
    { withoutKeys },
  );
  const uploads = manifest.files.filter((f) => f.path.startsWith('storage/')).length;
  console.log(`Backup written to ${written} in ${Date.now() - started} ms`);
  console.log(
    `  ${manifest.database} database, schema ${manifest.migrations.at(-1) ?? 'empty'}, ${uploads} uploaded file(s)`,
  );
  console.log(table(manifest.counts));
  console.log(KEYS_SAID[keysMode(config, { withoutKeys })]);
}

function keysLine(config: Config, keys: RestoreResult['keys']): string {
  const where = config.databaseUrl ? 'the database' : config.dataDir;
  if (keys === 'restored') return "The backup's signing keys are restored.";
  if (keys === 'kept') return `The backup has no keys: the keys ${where} already had are kept.`;
  return config.databaseUrl
    ? 'The backup has no keys and the database had none: the server makes new ones at its next start, which signs every member out. To keep members signed in, put the old project_keys row back first.'
    : `The backup has no keys and ${config.dataDir} has no keys.json: put the keys.json you kept there before starting, or the server makes new ones, which signs every member out.`;
}

async function restore(config: Config, args: string[]): Promise<void> {
  if (args.length !== 1 || args[0]!.startsWith('--')) usage();
  const result = await restoreBackup(config, args[0]!);
  console.log(
    result.integrity === 'verified'
      ? 'The archive is verified: its seal matches BACKUP_PASSPHRASE.'
      : 'The archive cannot be verified (it is not sealed and BACKUP_PASSPHRASE is unset): only its checksums were checked.',
  );
  console.log(
    `Restored the backup of ${result.manifest.createdAt} into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}.`,
  );
  if (result.asideDir) console.log(`The database that was there before is kept in ${result.asideDir}.`);
  console.log(keysLine(config, result.keys));
  console.log(table(result.counts));
}

function usage(): never {
  console.error(USAGE);
  process.exit(2);
}

/** LOG_LEVEL=debug: an unexpected error is shown whole. */
let debug = false;

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  debug = config.logLevel === 'debug';
  if (command === 'backup') return backup(config, args);
  if (command === 'restore') return restore(config, args);
  usage();
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError) console.error(`\n${err.message}\n`);
  else if (err instanceof StartupError) console.error(`\n${err.describe()}\n`);
  // Anything else is still one line (the operator's terminal is no place for a stack trace);
  // LOG_LEVEL=debug shows the whole error.
  else if (debug) console.error(err);
  else console.error(`\nFailed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
