import net from 'node:net';
import { ConfigError, type Config } from '../config';
import { migrate } from '../db/migrate';
import { assertNotTruncated, databaseFile, openDatabase, type DB } from '../db/open';
import { ensureDataDir } from '../lib/data-dir';
import { loadOrCreateKeys, type ProjectKeys } from '../lib/keys';
import type { Logger } from '../lib/logger';
import { StartupError } from '../lib/startup-error';
import { seedDemoCatalogue } from '../seed';
import { renderCatalogueAudio } from '../seed/audio-queue';
import { seedDemoCircles } from '../seed/circles';
import { seedExpertContent } from '../seed/expert-content';
import { seedSessionTemplates } from '../seed/templates';

/**
 * Everything that happens once per installation start, before anything serves: the data
 * folder, the port check, migrations, the keys and the demo seed's rows (the audio renders
 * afterwards, see `renderDemoAudioInBackground`). `npm start` runs it in its one process; `start:cluster` runs it in the primary
 * before forking, so workers never race on migrations, keys.json or seeding.
 */
export async function prepareData(config: Config, logger: Logger): Promise<{ db: DB; keys: ProjectKeys }> {
  ensureDataDir(config.dataDir);
  // Before the first-start audio render (which takes a minute): a taken port is told at once.
  await assertPortFree(config.host, config.port);
  assertNotTruncated(config.dataDir);
  const db = openDatabase(databaseFile(config.dataDir));
  const applied = migrate(db);
  if (applied.length) logger.info('migrations applied', { versions: applied });
  const keys = await loadOrCreateKeys(config.dataDir);
  if (config.demoSeed) {
    // Rows only: the audio renders in the background once the server listens.
    seedDemoCatalogue({ db, dataDir: config.dataDir, logger });
    seedDemoCircles(db, Date.now());
    // Also fills databases created before the expert content existed (missing rows only).
    const added = seedExpertContent(db);
    if (added) logger.info('demo expert content seeded', { added });
    // Also fills a database seeded before templates existed.
    const templates = seedSessionTemplates(db);
    if (templates) logger.say(`Session templates ready: ${templates} exercise plans.`);
  }
  return { db, keys };
}

/**
 * After "Ready": renders the demo catalogue's audio in worker threads at a lower priority, so
 * rendering never holds up a request. Sessions not rendered yet show "preparing audio" with
 * the percentage (GET /api/catalogue-audio). One process renders (the primary in a cluster).
 */
export function renderDemoAudioInBackground(config: Config, db: DB, logger: Logger): void {
  if (!config.demoSeed) return;
  renderCatalogueAudio({ db, dataDir: config.dataDir, logger }).catch((err: unknown) =>
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

/** Folds the write-ahead log back into app.db, then closes: only when no other process writes. */
export function closeDb(db: DB, checkpoint = true): void {
  if (!db.open) return;
  if (checkpoint) db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
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
