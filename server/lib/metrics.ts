import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Histogram, Registry, collectDefaultMetrics, register as globalRegistry } from 'prom-client';

/**
 * Prometheus metrics (`GET /metrics`, text format): requests by route pattern and status,
 * latency histograms, and Node's own figures (event-loop delay, CPU, memory, GC). Off unless
 * the operator asks: with METRICS_TOKEN the app answers a request bearing it; with
 * METRICS_PORT a listener on 127.0.0.1 answers without one. Anything else gets the 404 every
 * unknown path gets, so a scraper's address is not advertised.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every request by its route pattern (never the raw path: ids would explode it). */
  middleware: MiddlewareHandler;
}

/**
 * `registry` is prom-client's global one in a server process (a cluster's primary gathers the
 * workers' global registries in one scrape); tests pass their own.
 */
export function createMetrics(registry: Registry = new Registry()): Metrics {
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being ready, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const route = patternOf(c);
    const method = c.req.method;
    requests.inc({ method, route, status: String(c.res.status) });
    duration.observe({ method, route }, (performance.now() - started) / 1000);
  };
  return { registry, middleware };
}

/**
 * The pattern of the handler that answered (e.g. `/api/users/:id/dashboard`): after `next()`
 * the request's route index is the last handler dispatched. The app's page fallback and the
 * 404 answer are `*`.
 */
function patternOf(c: Context): string {
  const pattern = routePath(c);
  return pattern && pattern !== '/*' ? pattern : '*';
}

/**
 * `GET /metrics` in the app: the text format for a request bearing METRICS_TOKEN; the app's
 * 404 for anyone else, and for everyone when no token is configured (then only the
 * METRICS_PORT listener, if any, answers).
 */
export function metricsRoute(registry: Registry | undefined, token: string | undefined): Handler {
  return async (c) => {
    if (!registry || !token || !bearsToken(c.req.header('authorization'), token)) return c.notFound();
    return c.body(await registry.metrics(), 200, {
      'content-type': registry.contentType,
      'cache-control': 'no-store',
    });
  };
}

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function bearsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/**
 * METRICS_PORT: a listener on 127.0.0.1 only, answering `GET /metrics` with `render()` and 404
 * to anything else. Resolves once listening, with its port and a close function.
 */
export function startMetricsListener(
  port: number,
  render: () => Promise<{ body: string; contentType: string }>,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    render().then(
      ({ body, contentType }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(err)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.unref();
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

export { globalRegistry };
