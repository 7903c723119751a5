import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { CLIENT_CLOSED } from './client-abort';
import type { Logger } from './logger';

/**
 * One structured line per request, registered first so it times everything. Only the path is
 * logged, never the query string: signed audio URLs carry their token there.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // Set (and sent as X-Request-Id) by the shared headers, which run inside this middleware.
    const requestId = c.get('requestId');
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const fields = { requestId, method: c.req.method, path: c.req.path, status, ms };
    if (status === CLIENT_CLOSED) logger.info('request aborted by the client', fields);
    else if (status === 413) {
      // Refused before the body was read: the rest of it is still on the socket, so the
      // connection cannot carry another request. Closing it says so, instead of dropping a
      // pipelined request that follows.
      c.res.headers.set('Connection', 'close');
      logger.info('request', fields);
    } else if (status >= 500) logger.error('request', fields);
    else logger.info('request', fields);
  };
}
