import cluster, { type Worker } from 'node:cluster';
import { loadConfig } from './config';
import { scheduleBackups } from './ops/backup/schedule';
import { createLogger } from './lib/logger';
import {
  closeData,
  dataLine,
  fail,
  openData,
  prepareData,
  renderDemoAudioInBackground,
} from './boot/prepare';
import { loadSharedKeys } from './boot/shared-keys';
import { serveApp } from './boot/serve';
import { parseWorkers } from './boot/workers-arg';
import { publicUrlNotice } from './boot/public-url';
import { AggregatorRegistry } from 'prom-client';
import { globalRegistry, startMetricsListener } from './lib/metrics';

/**
 * `npm run start:cluster -- --workers N`: N worker processes behind one port (node:cluster; the
 * primary accepts connections and hands them to workers in turn). The primary does the
 * once-per-start work (migrations, keys.json, the demo seed) BEFORE forking and renders the
 * demo audio in the background once all workers listen, then only supervises: a worker that dies is replaced, SIGINT/SIGTERM is passed on
 * so every worker finishes its in-flight requests, and the WAL is checkpointed once all are
 * gone. Everything that must agree between workers lives in app.db (see README "Several
 * processes").
 */
const RESTART_WINDOW_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

async function primary(): Promise<void> {
  const config = loadConfig();
  let workers: number;
  try {
    workers = parseWorkers(process.argv.slice(2));
  } catch (err) {
    console.error(`\nCannot start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.logLevel);
  const data = await prepareData(config, logger);
  if (config.metricsPort !== undefined) {
    // One scrape gives every worker's numbers: the primary asks each worker's registry over IPC.
    const aggregator = new AggregatorRegistry();
    const listener = await startMetricsListener(config.metricsPort, async () => ({
      body: await aggregator.clusterMetrics(),
      contentType: aggregator.contentType,
    })).catch((err: unknown) => {
      throw new Error(`METRICS_PORT ${config.metricsPort} on 127.0.0.1 cannot be used: ${String(err)}`);
    });
    logger.info('metrics', { url: `http://127.0.0.1:${listener.port}/metrics`, workers });
  }

  let stopping = false;
  let listening = 0;
  let finishing = false;
  const finish = () => {
    if (finishing) return;
    finishing = true;
    void closeData(data).finally(() => process.exit(0));
  };
  const crashes: number[] = [];
  const fork = () => {
    const w = cluster.fork();
    w.once('listening', () => {
      listening++;
      if (listening === workers) {
        logger.info('listening', { host: config.host, port: config.port, workers });
        logger.say(
          `\n  Ready (${workers} workers). Open ${config.publicUrl} in your browser.\n  ${dataLine(config)}\n`,
        );
        const notice = publicUrlNotice(config, config.port);
        if (notice) logger.say(`  ${notice}\n`);
        renderDemoAudioInBackground(config, data.sql, logger);
        scheduleBackups(config, logger);
      }
    });
    return w;
  };
  cluster.on('exit', (w: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) finish();
      return;
    }
    // A crash loop (a worker that cannot start) backs off instead of forking flat out.
    const t = Date.now();
    crashes.push(t);
    while ((crashes[0] ?? t) < t - RESTART_WINDOW_MS) crashes.shift();
    const delay = Math.min(30_000, 250 * 2 ** Math.max(0, crashes.length - 1));
    logger.error('worker died; starting another', { worker: w.id, pid: w.process.pid, code, signal, delay });
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });
  for (let i = 0; i < workers; i++) fork();

  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) return;
      stopping = true;
      logger.info('shutting down', { workers: Object.keys(cluster.workers ?? {}).length });
      // Ctrl-C already reached the whole process group; a SIGTERM (systemd, docker) only us.
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(sig);
      if (Object.keys(cluster.workers ?? {}).length === 0) finish();
      setTimeout(() => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        finish();
      }, STOP_TIMEOUT_MS).unref();
    });
  }
}

/**
 * A worker: the prepared database (app.db or DATABASE_URL's) and the shared keys (keys.json or
 * the project_keys row) are opened as they are; nothing is migrated or seeded.
 */
async function worker(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { sql } = openData(config);
  const keys = await loadSharedKeys(sql, config.dataDir);
  const id = String(cluster.worker?.id ?? process.pid);
  // Every series says which worker counted it (a token scrape reaches one worker).
  globalRegistry.setDefaultLabels({ worker: id });
  // prom-client answers the primary's metrics requests only once an AggregatorRegistry exists.
  if (config.metricsPort !== undefined) new AggregatorRegistry();
  serveApp({ config, sql, keys, logger, extraHeaders: { 'X-Worker': id }, shared: true, onFatal: fail });
}

if (cluster.isPrimary) primary().catch(fail);
else worker().catch(fail);
