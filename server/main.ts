import net from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { migrate } from './db/migrate';
import { assertNotTruncated, databaseFile, openDatabase, type DB } from './db/open';
import { ensureDataDir } from './lib/data-dir';
import { loadOrCreateKeys } from './lib/keys';
import { createLogger } from './lib/logger';
import { StartupError } from './lib/startup-error';
import { seedDemoCatalogue } from './seed';
import { renderCatalogueAudio } from './seed/audio-queue';
import { seedDemoCircles } from './seed/circles';
import { seedExpertContent } from './seed/expert-content';
import { seedSessionTemplates } from './seed/templates';

/** Starts the whole product on one port: migrate, seed on first start, serve, shut down cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  ensureDataDir(config.dataDir);
  // Before the first-start audio render (which takes a minute): a taken port is told at once.
  await assertPortFree(config.host, config.port);
  assertNotTruncated(config.dataDir);
  const db = openDatabase(databaseFile(config.dataDir));
  const applied = migrate(db);
  if (applied.length) logger.info('migrations applied', { versions: applied });
  const keys = await loadOrCreateKeys(config.dataDir);
  if (config.demoSeed) {
    // Rows only: the audio renders in the background once the server listens (below).
    seedDemoCatalogue({ db, dataDir: config.dataDir, logger });
    seedDemoCircles(db, Date.now());
    // Also fills databases created before the expert content existed (missing rows only).
    const added = seedExpertContent(db);
    if (added) logger.info('demo expert content seeded', { added });
    // Also fills a database seeded before templates existed.
    const templates = seedSessionTemplates(db);
    if (templates) logger.say(`Session templates ready: ${templates} exercise plans.`);
  }

  const app = createApp({ config, db, keys, logger, now: Date.now });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', { host: config.host, port: info.port });
    logger.say(`\n  Ready. Open ${config.publicUrl} in your browser.\n  Data lives in ${config.dataDir}\n`);
    // After "Ready": worker threads at a lower priority, so rendering never holds up a request.
    // Sessions not rendered yet show "preparing audio" with the percentage (GET /api/catalogue-audio).
    if (config.demoSeed)
      renderCatalogueAudio({ db, dataDir: config.dataDir, logger }).catch((err: unknown) =>
        logger.error('rendering the demo audio failed; restart to resume', {
          error: err instanceof Error ? err.message : String(err),
        }),
      );
  });
  server.on('error', (err: NodeJS.ErrnoException) => fail(listenError(config.host, config.port, err)));
  // Node closes an idle keep-alive socket after 5 s; a client that reuses it at that moment
  // gets ECONNRESET (seen under load from browsers and test clients). Keep idle sockets longer
  // than clients and proxies do (60 s is common), and headers timing out after that.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  onShutdown(() => {
    logger.info('shutting down');
    server.close(() => {
      closeDb(db);
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open; in-flight requests may finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // A request still running after 5 s is cut off: stopping must not hang.
    setTimeout(() => {
      closeDb(db);
      process.exit(0);
    }, 5000).unref();
  });
}

function listenError(host: string, port: number, err: NodeJS.ErrnoException): StartupError {
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

function closeDb(db: DB): void {
  if (!db.open) return;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function onShutdown(stop: () => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop();
    });
  }
}

function fail(err: unknown): never {
  if (err instanceof StartupError) console.error(`\nCannot start: ${err.describe()}\n`);
  else if (err instanceof ConfigError) console.error(`\nCannot start: ${err.message}\n`);
  else console.error('\nCannot start:', err);
  process.exit(1);
}

main().catch(fail);
