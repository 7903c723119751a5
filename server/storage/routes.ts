import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { limitBody } from '../lib/body-limit';
import type { AppDeps, AppEnv } from '../app-env';
import { requireReader, storageRole } from './caller';
import { clientClosed, isClientAbort } from '../lib/client-abort';
import { databaseUnavailable, isOutage } from '../lib/unavailable';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../db/sql/availability';
import { createStorageContext } from './context';
import { serveSigned } from './download';
import { accessDenied, invalidKey, rlsDenied, StorageError } from './errors';
import { listObjects } from './list';
import { keyFromPath, PRIVATE_BUCKETS, requireBucket } from './object-key';
import type { StorageRole } from './caller';
import { signMany, signOne } from './sign';
import { uploadObject } from './upload';

const MAX_UPLOAD = 50 * 1024 * 1024;
/** JSON bodies of sign and list requests are tiny; 1 MB allows a 1000-path batch with room. */
const MAX_JSON = 1024 * 1024;

const tooLarge = (max: number) =>
  limitBody({
    maxSize: max,
    onError: (c) => {
      c.header('Connection', 'close');
      throw new StorageError(
        '413',
        'EntityTooLarge',
        'Payload too large',
        'The object exceeded the maximum allowed size',
      );
    },
  });

/**
 * /storage/v1: signed URLs and Range streaming of the `audio` bucket, listing, and uploads by
 * the service role (reference §4). Errors use Storage's body with HTTP 400 for every 4xx
 * (see errors.ts for why).
 */
export function storageRoutes(deps: AppDeps): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  const ctx = createStorageContext(deps);

  r.use('/object/sign/*', tooLarge(MAX_JSON));
  r.use('/object/list/*', tooLarge(MAX_JSON));
  // Registered before the `/object/:bucket/*` upload route, which would otherwise claim them.
  r.post('/object/sign/:bucket', async (c) => {
    const bucket = requireBucket(c.req.param('bucket'));
    readableBy(await requireReader(deps, c), bucket);
    return c.json(await signMany(ctx, c, bucket));
  });
  r.post('/object/sign/:bucket/*', async (c) => {
    const role = await requireReader(deps, c);
    const { bucket, key } = objectPath(c, '/object/sign/');
    readableBy(role, bucket);
    return c.json(await signOne(ctx, c, bucket, key));
  });
  r.get('/object/sign/:bucket/*', (c) => {
    const { bucket, key } = objectPath(c, '/object/sign/');
    return serveSigned(ctx, c, bucket, key);
  });
  r.post('/object/list/:bucket', async (c) => {
    const bucket = requireBucket(c.req.param('bucket'));
    readableBy(await requireReader(deps, c), bucket);
    return c.json(await listObjects(ctx, c, bucket));
  });
  r.on(
    ['POST', 'PUT'],
    '/object/:bucket/*',
    bodyLimit({
      maxSize: MAX_UPLOAD,
      onError: (c) => {
        // Storage answers 4xx as HTTP 400; the unread body still makes the connection unusable.
        c.header('Connection', 'close');
        throw new StorageError(
          '413',
          'EntityTooLarge',
          'Payload too large',
          'The object exceeded the maximum allowed size',
        );
      },
    }),
    async (c) => {
      if ((await storageRole(deps, c)) !== 'service_role') throw rlsDenied();
      const { bucket, key } = objectPath(c, '/object/');
      return c.json(await uploadObject(ctx, c, bucket, key));
    },
  );

  r.onError((err, c) => {
    if (err instanceof StorageError) return c.json(err.body(), err.httpStatus);
    if (isOutage(err, c))
      return databaseUnavailable(c, deps.logger, err, {
        statusCode: '503',
        code: 'DatabaseUnavailable',
        error: 'unavailable',
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
    if (isClientAbort(err, c)) return clientClosed();
    deps.logger.error('storage error', { path: c.req.path, error: err.message, stack: err.stack });
    return c.json(
      { statusCode: '500', code: 'InternalError', error: 'internal', message: 'Internal server error' },
      500,
    );
  });
  return r;
}

/**
 * Voice notes and Echoverse notes are signed by the app's own routes, after they checked that
 * the member may hear the note; a member signing or listing such a bucket here directly (any
 * note of anyone, by its name) is refused. The service role may, as it may everything.
 */
function readableBy(role: StorageRole, bucket: string): void {
  if (role !== 'service_role' && PRIVATE_BUCKETS.has(bucket))
    throw accessDenied('This bucket is private: the app signs its files for the members who may hear them.');
}

/** Bucket and decoded, validated key from the raw request path after `marker`. */
function objectPath(c: Context, marker: string): { bucket: string; key: string } {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(marker);
  const rest = at === -1 ? '' : pathname.slice(at + marker.length);
  const slash = rest.indexOf('/');
  if (slash === -1) throw invalidKey('');
  const bucket = requireBucket(safeDecode(rest.slice(0, slash)));
  return { bucket, key: keyFromPath(rest, rest.slice(0, slash + 1)) };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
