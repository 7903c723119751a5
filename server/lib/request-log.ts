import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { CLIENT_CLOSED } from './client-abort';
import type { Logger } from './logger';

/**
 * One structured line per request. Only the path is logged, never the query string: signed
 * audio URLs carry their token there.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    // On the response itself: `c.header` after the handler would rebuild it from its body stream.
    c.res.headers.set('X-Request-Id', requestId);
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
