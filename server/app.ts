import { Hono } from 'hono';
import { limitBody } from './lib/body-limit';
import type { AppDeps, AppEnv } from './app-env';
import { apiRoutes } from './api/routes';
import { authRoutes } from './auth/routes';
import { restRoutes } from './rest/routes';
import { storageRoutes } from './storage/routes';
import { handleError, isServicePath, notFoundJson } from './lib/errors';
import { ApiError } from './lib/http';
import { AUDIO_UPLOAD_BODY_BYTES, audioBodyTooLarge, isAudioUpload } from './api/voice-notes/upload-limit';
import { compressJson } from './lib/compress-json';
import { corsPreflight } from './lib/cors';
import { requestLog } from './lib/request-log';
import { sharedHeaders } from './lib/shared-headers';
import { runtimeConfigMeta } from './lib/runtime-config-meta';
import { firstPaints } from './lib/first-paint';
import { routePreloads } from './lib/route-preloads';
import { serveClient } from './lib/static-files';
import { createMetrics, metricsRoute, metricsSources } from './lib/metrics';
import { watchWrites } from './db/write-outcomes';

/** Headers supabase-js reads from responses; exposed so a cross-origin front end sees them too. */
const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Length',
  'Content-Type',
  'Content-Location',
  'Location',
  'Preference-Applied',
  'Range-Unit',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
  'Content-Disposition',
  'X-Supabase-Api-Version',
  'x-sb-error-code',
];

/**
 * Builds the whole HTTP application without listening, so tests run it in-process with
 * `app.request(...)` or through supabase-js with a custom fetch.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const metrics =
    deps.metrics ?? (deps.config.metricsToken ? createMetrics(undefined, metricsSources(deps)) : undefined);
  if (metrics) {
    app.use('*', metrics.middleware);
    // Every statement the routes run is timed by kind (db_query_duration_seconds).
    deps = { ...deps, sql: metrics.instrument(deps.sql) };
  }
  // A full disk is seen by the writes, not by health's rolled-back probe: health asks them.
  const source = deps;
  const watched = watchWrites(() => source.sql, deps.now);
  deps = { ...deps, sql: watched.sql, writes: watched.outcomes };
  app.use('*', requestLog(deps.logger));
  const corsPrefixes = ['/auth/v1/', '/rest/v1/', '/storage/v1/'];
  app.use('*', sharedHeaders(deps, { corsPrefixes, exposeHeaders: EXPOSED_HEADERS }));
  const preflight = corsPreflight(EXPOSED_HEADERS);
  for (const prefix of corsPrefixes) app.use(`${prefix}*`, preflight);
  const apiBody = limitBody({
    maxSize: 64 * 1024,
    onError: () => {
      throw new ApiError(413, 'payload_too_large', 'The request body is larger than 64 KB.');
    },
  });
  // Voice notes carry their audio: those two uploads get room for a minute of it.
  const audioBody = limitBody({
    maxSize: AUDIO_UPLOAD_BODY_BYTES,
    onError: () => {
      throw audioBodyTooLarge();
    },
  });
  app.use('/api/*', (c, next) =>
    isAudioUpload(c.req.method, c.req.path) ? audioBody(c, next) : apiBody(c, next),
  );

  // Large JSON answers are compressed (static files are precompressed by the build instead).
  for (const prefix of ['/rest/v1/*', '/api/*']) app.use(prefix, compressJson());

  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));
  app.route('/storage/v1', storageRoutes(deps));
  app.route('/api', apiRoutes(deps));
  app.get('/metrics', metricsRoute(metrics?.registry, deps.config.metricsToken));

  const configMeta = runtimeConfigMeta(deps);
  const preloads = routePreloads(deps.config.clientDir);
  const shells = firstPaints(deps.config.clientDir);
  const client = serveClient(deps.config.clientDir, (urlPath) => {
    const shell = shells(urlPath);
    return {
      head: configMeta + preloads(urlPath) + (shell?.head ?? ''),
      root: shell?.root,
      styles: shell?.styles,
    };
  });
  app.get('*', async (c, next) => {
    if (isServicePath(c.req.path)) return next();
    return (await client(c)) ?? next();
  });
  app.notFound((c) =>
    isServicePath(c.req.path)
      ? notFoundJson(c)
      : c.json({ error: 'not_found', message: `${c.req.method} is not supported here.` }, 404),
  );
  app.onError(handleError(deps.logger));
  return app;
}
