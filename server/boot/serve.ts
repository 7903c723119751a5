import http from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import { reminderDeps } from '../api/reminders/deps';
import { createReminderScheduler } from '../api/reminders/scheduler';
import type { Config } from '../config';
import type { SqlDatabase } from '../db/sql';
import type { ProjectKeys } from '../lib/keys';
import type { Logger } from '../lib/logger';
import { createMetrics, globalRegistry, metricsSources } from '../lib/metrics';
import { StartupError } from '../lib/startup-error';
import { closeData, listenError, onShutdown } from './prepare';

export interface ServeOptions {
  config: Config;
  sql: SqlDatabase;
  keys: ProjectKeys;
  logger: Logger;
  /** Set on every response (cluster mode: `X-Worker`), before the app writes its own headers. */
  extraHeaders?: Record<string, string>;
  /** Another process still writes app.db (cluster worker): close without the WAL checkpoint. */
  shared?: boolean;
  onListening?: (port: number) => void;
  onFatal: (err: StartupError) => void;
}

/**
 * Serves the app on the configured port and stops cleanly on SIGINT/SIGTERM: no new
 * connections, in-flight requests may finish (at most 5 s), then the database is closed.
 */
export function serveApp(o: ServeOptions): ServerType {
  // prom-client's global registry: a cluster's primary gathers every worker's in one scrape.
  const metrics =
    o.config.metricsToken || o.config.metricsPort !== undefined
      ? createMetrics(globalRegistry, metricsSources(o))
      : undefined;
  const deps: AppDeps = {
    config: o.config,
    sql: o.sql,
    keys: o.keys,
    logger: o.logger,
    now: Date.now,
    metrics,
  };
  const app = createApp(deps);
  // Every process ticks; the database decides which one sends each reminder (scheduler.ts).
  const reminders = createReminderScheduler(reminderDeps(deps));
  reminders.start();
  const headers = Object.entries(o.extraHeaders ?? {});
  const createServer = headers.length
    ? (((options: http.ServerOptions, listener: http.RequestListener) =>
        http.createServer(options, (req, res) => {
          for (const [name, value] of headers) res.setHeader(name, value);
          listener(req, res);
        })) as typeof http.createServer)
    : undefined;
  const server = serve(
    { fetch: app.fetch, port: o.config.port, hostname: o.config.host, createServer },
    (info) => o.onListening?.(info.port),
  );
  server.on('error', (err: NodeJS.ErrnoException) =>
    o.onFatal(listenError(o.config.host, o.config.port, err)),
  );
  // Node closes an idle keep-alive socket after 5 s; a client that reuses it at that moment
  // gets ECONNRESET (seen under load from browsers and test clients). Keep idle sockets longer
  // than clients and proxies do (60 s is common), and headers timing out after that.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  let exiting = false;
  const exit = () => {
    if (exiting) return;
    exiting = true;
    void reminders
      .stop()
      .then(() => closeData({ sql: o.sql }, !o.shared))
      .finally(() => process.exit(0));
  };
  onShutdown(() => {
    o.logger.info('shutting down');
    // No new reminder pass starts; one under way may finish while requests do.
    void reminders.stop();
    server.close(exit);
    // Idle keep-alive sockets would hold close() open; in-flight requests may finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // A request still running after 5 s is cut off: stopping must not hang.
    setTimeout(exit, 5000).unref();
  });
  return server;
}
