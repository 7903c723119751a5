/**
 * npm run backup -- [FILE]    an archive of the running installation (see backup.ts)
 * npm run restore -- FILE     puts one back (see restore.ts); the server must be stopped
 * Configuration as the server's (DATA_DIR, DATABASE_URL, STORAGE_DIR, BACKUP_DIR).
 */
import { ConfigError, loadConfig } from '../../config';
import { StartupError } from '../../lib/startup-error';
import { createBackup, defaultBackupFile } from './backup';
import { BackupError } from './manifest';
import { restoreBackup } from './restore';

function table(counts: Record<string, number>): string {
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  return Object.entries(counts)
    .map(([name, n]) => `  ${name.padEnd(width)}  ${n}`)
    .join('\n');
}

async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup' && rest.length === 0) {
    const started = Date.now();
    const { file: written, manifest } = await createBackup(config, file ?? defaultBackupFile(config));
    const uploads = manifest.files.filter((f) => f.path.startsWith('storage/')).length;
    console.log(`Backup written to ${written} in ${Date.now() - started} ms`);
    console.log(
      `  ${manifest.database} database, schema ${manifest.migrations.at(-1) ?? 'empty'}, ${uploads} uploaded file(s)`,
    );
    console.log(table(manifest.counts));
    return;
  }
  if (command === 'restore' && file && rest.length === 0) {
    const { manifest, counts, asideDir } = await restoreBackup(config, file);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}.`,
    );
    if (asideDir) console.log(`The database that was there before is kept in ${asideDir}.`);
    console.log(table(counts));
    return;
  }
  console.error('usage: npm run backup -- [FILE]   |   npm run restore -- FILE');
  process.exit(2);
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof ConfigError) console.error(`\n${err.message}\n`);
  else if (err instanceof StartupError) console.error(`\n${err.describe()}\n`);
  else console.error(err);
  process.exit(1);
});
