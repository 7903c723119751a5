import net from 'node:net';
import { ConfigError, type Config } from '../config';
import { migrateSql } from '../db/migrate-sql';
import { assertNotTruncated, databaseFile, openDatabase } from '../db/open';
import { postgresDatabase, sqliteDatabase, type SqlDatabase } from '../db/sql';
import { ensureDataDir } from '../lib/data-dir';
import { holdServerLock } from '../ops/backup/in-use';
import type { ProjectKeys } from '../lib/keys';
import type { Logger } from '../lib/logger';
import { StartupError } from '../lib/startup-error';
import { seedDemoCatalogue } from '../seed';
import { renderCatalogueAudio } from '../seed/audio-queue';
import { seedDemoCircles } from '../seed/circles';
import { seedExpertContent } from '../seed/expert-content';
import { seedSessionTemplates } from '../seed/templates';
import { loadSharedKeys } from './shared-keys';

/** The data layer of one process: SQLite (DATA_DIR/app.db) or PostgreSQL (DATABASE_URL). */
export interface DataHandles {
  sql: SqlDatabase;
}

/**
 * Opens the chosen database for this process: DATABASE_URL → a PostgreSQL pool; unset →
 * DATA_DIR/app.db (checked for damage and writability on open). Nothing is migrated here.
 */
export function openData(config: Config): DataHandles {
  if (config.databaseUrl) return { sql: postgresDatabase(config.databaseUrl) };
  return { sql: sqliteDatabase(openDatabase(databaseFile(config.dataDir))) };
}

/**
 * Everything that happens once per installation start, before anything serves: the data
 * folder, the port check, migrations, the keys and the demo seed's rows (the audio renders
 * afterwards, see `renderDemoAudioInBackground`). `npm start` runs it in its one process;
 * `start:cluster` runs it in the primary before forking. With PostgreSQL, processes on other
 * machines may run it at the same moment: migrations take an advisory lock, the keys are one
 * row inserted once, and each seed counts what is there under a lock (server/seed/lock.ts).
 */
export async function prepareData(
  config: Config,
  logger: Logger,
): Promise<DataHandles & { keys: ProjectKeys }> {
  ensureDataDir(config.dataDir, logger);
  // Before anything changes: a restore under way refuses this start, and no restore runs while we live.
  holdServerLock(config.dataDir);
  // Before the first-start audio render (which takes a minute): a taken port is told at once.
  await assertPortFree(config.host, config.port);
  assertNotTruncated(config.dataDir);
  const { sql } = openData(config);
  if (sql.dialect === 'postgres') await reachPostgres(sql, config.databaseUrl!);
  const applied = await migrateSql(sql);
  if (applied.length) logger.info('migrations applied', { versions: applied, database: sql.dialect });
  const keys = await loadSharedKeys(sql, config.dataDir);
  if (config.demoSeed) {
    // Rows only: the audio renders in the background once the server listens.
    await seedDemoCatalogue({ sql, storageDir: config.storageDir, logger });
    await seedDemoCircles(sql, Date.now());
    // Also fills databases created before the expert content existed (missing rows only).
    const added = await seedExpertContent(sql);
    if (added) logger.info('demo expert content seeded', { added });
    // Also fills a database seeded before templates existed.
    const templates = await seedSessionTemplates(sql);
    if (templates) logger.say(`Session templates ready: ${templates} exercise plans.`);
  }
  return { sql, keys };
}

/** The "where is my data" line printed with "Ready" (never the database password). */
export function dataLine(config: Config): string {
  if (!config.databaseUrl) return `Data lives in ${config.dataDir}`;
  const u = new URL(config.databaseUrl);
  return `Data lives in PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}; audio files in ${config.dataDir}`;
}

/** A PostgreSQL that cannot be reached is a start-up error naming the server, not a stack trace. */
async function reachPostgres(sql: SqlDatabase, url: string): Promise<void> {
  try {
    await sql.get('SELECT 1 AS ok');
  } catch (err) {
    const u = new URL(url);
    throw new StartupError(
      `The PostgreSQL database ${u.pathname.slice(1)} on ${u.hostname}:${u.port || 5432} (DATABASE_URL) cannot be reached: ${(err as Error).message}.`,
      'Check that PostgreSQL runs and that DATABASE_URL names the right host, port, user, password and database; or unset DATABASE_URL to use SQLite in DATA_DIR.',
    );
  }
}

/**
 * After "Ready": renders the demo catalogue's audio in worker threads at a lower priority, so
 * rendering never holds up a request. Sessions not rendered yet show "preparing audio" with
 * the percentage (GET /api/catalogue-audio). One process renders (the primary in a cluster).
 */
export function renderDemoAudioInBackground(config: Config, sql: SqlDatabase, logger: Logger): void {
  if (!config.demoSeed) return;
  renderCatalogueAudio({ sql, storageDir: config.storageDir, logger, nice: config.renderNice }).catch(
    (err: unknown) =>
      logger.error('rendering the demo audio failed; restart to resume', {
        error: err instanceof Error ? err.message : String(err),
      }),
  );
}

export function listenError(host: string, port: number, err: NodeJS.ErrnoException): StartupError {
  const fix =
    err.code === 'EADDRINUSE'
      ? `Port ${port} is taken: stop the other program or start with PORT=<another port>.`
      : err.code === 'EACCES'
        ? `Port ${port} needs extra privileges: use a port above 1023, e.g. PORT=8787.`
        : undefined;
  return new StartupError(`The server could not listen on ${host}:${port} (${err.message}).`, fix);
}

/** Binds and releases the port once: the real listen comes after migrations and the seed. */
function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => reject(listenError(host, port, err)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Closes this process's data layer at shutdown: the PostgreSQL pool (its connections end
 * cleanly), or app.db with its write-ahead log folded back in when no other process writes it.
 */
export async function closeData(data: DataHandles, checkpoint = true): Promise<void> {
  if (data.sql.dialect === 'sqlite' && checkpoint) {
    await data.sql.exec('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => {});
  }
  await data.sql.close().catch(() => {});
}

/** Runs `stop` once on the first SIGINT or SIGTERM. */
export function onShutdown(stop: () => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop();
    });
  }
}

/** Prints why the server cannot start (with the fix when known) and exits with 1. */
export function fail(err: unknown): never {
  if (err instanceof StartupError) console.error(`\nCannot start: ${err.describe()}\n`);
  else if (err instanceof ConfigError) console.error(`\nCannot start: ${err.message}\n`);
  else console.error('\nCannot start:', err);
  process.exit(1);
}
