import { Hono, type Context } from 'hono';
import { limitBody } from '../lib/body-limit';
import type { AppDeps, AppEnv } from '../app-env';
import { clientClosed, isClientAbort } from '../lib/client-abort';
import { databaseUnavailable, isOutage } from '../lib/unavailable';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/sql/availability';
import { jsonResponse } from '../lib/compress-json';
import { completeResponse } from '../lib/shared-headers';
import { GatewayError, restCaller } from './caller';
import { tooDeep } from '../lib/json-depth';
import { permissionDenied, PgrstError, unknownFunction, unknownTable } from './errors';
import { insertRows } from './insert';
import { checkProfile, negotiate } from './negotiate';
import { queryOf } from './query-cache';
import { readRows, type RestResult } from './read';
import { createRestRepository } from './repository';
import { findTable, type TableDef } from './tables';
import { ignoreDuplicatesTarget } from './upsert';

const MAX_BODY = 1024 * 1024;

/**
 * /rest/v1: the PostgREST-compatible subset the app's supabase-js calls use (reference §3).
 * Reads on `sessions` for every role; inserts into `session_logs` and `reflections` for the
 * signed-in member only. Updates and deletes are refused for every role over REST: the
 * catalogue is written by the seed, and logs and reflections are append-only.
 */
export function restRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const repo = createRestRepository(deps.sql);

  r.use(
    '*',
    limitBody({
      maxSize: MAX_BODY,
      onError: () => {
        throw new PgrstError(
          413,
          'PGRST100',
          'failed to parse request body',
          'The body is larger than 1 MB.',
        );
      },
    }),
  );

  const prepare = async (c: Context<AppEnv>) => {
    const caller = await restCaller(deps, c);
    checkProfile(c.req.raw.headers);
    const table = requireTable(c.req.param('table') ?? '');
    const query = queryOf(c.req.url);
    return { caller, table, query, n: negotiate(c.req.raw.headers) };
  };

  r.get('/:table', async (c) => {
    const { caller, table, query, n } = await prepare(c);
    return send(c, await readRows(repo, table, caller, query, n));
  });

  r.post('/:table', async (c) => {
    const { caller, table, query, n } = await prepare(c);
    const onConflict = ignoreDuplicatesTarget(table, c.req.header('prefer'), c.req.url);
    return send(c, await insertRows(repo, table, caller, query, n, await c.req.text(), onConflict));
  });

  r.on(['PATCH', 'PUT', 'DELETE'], '/:table', async (c) => {
    const { caller, table } = await prepare(c);
    throw permissionDenied(table.name, caller.role === 'anon');
  });

  // No functions are exposed: every rpc is PostgREST's "not in the schema cache".
  r.all('/rpc/:fn', async (c) => {
    await restCaller(deps, c);
    throw unknownFunction(c.req.param('fn'), await rpcArgNames(c));
  });

  r.all('*', async (c) => {
    await restCaller(deps, c);
    throw new PgrstError(404, 'PGRST125', 'Invalid path specified in request URL');
  });

  r.onError((err, c) => {
    if (err instanceof PgrstError) return c.json(err.body(), err.status, err.headers);
    if (err instanceof GatewayError) return c.json({ message: err.message, hint: err.hint }, 401);
    // PostgREST answers a database it cannot reach with 503 and PGRST001.
    if (isOutage(err, c))
      return databaseUnavailable(c, deps.logger, err, {
        code: 'PGRST001',
        details: null,
        hint: null,
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    if (isClientAbort(err, c)) return clientClosed();
    deps.logger.error('rest error', { path: c.req.path, error: err.message, stack: err.stack });
    return c.json({ code: 'XX000', details: null, hint: null, message: 'Internal server error' }, 500);
  });
  return r;
}

function requireTable(name: string): TableDef {
  const table = findTable(name);
  if (!table) throw unknownTable(name);
  return table;
}

function send(c: Context<AppEnv>, result: RestResult): Response {
  if (c.req.method === 'HEAD' || result.body === null)
    return completeResponse(c, null, result.status, result.headers);
  return jsonResponse(c, result.body, result.status, result.headers);
}

/** The argument names PostgREST would search a function by: JSON body keys, or query keys for GET. */
async function rpcArgNames(c: Context<AppEnv>): Promise<string[]> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return [...new URL(c.req.url).searchParams.keys()];
  const text = await c.req.text();
  if (tooDeep(text)) return [];
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  } catch {
    return [];
  }
}
