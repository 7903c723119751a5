import type { Context } from 'hono';
import { z } from 'zod';
import { storageJson } from './body';
import type { StorageContext } from './context';
import { noSuchKey, StorageError } from './errors';
import { objectFile, validateKey } from './object-key';
import { statFile } from './files';
import { signObjectUrl } from './signing';
import { wholeNumberField } from '../lib/ids';

/** Longest signed-URL lifetime accepted: one year (the app asks for 7 days). */
const MAX_EXPIRES_S = 365 * 24 * 3600;
const expiresIn = wholeNumberField().pipe(z.number().min(1).max(MAX_EXPIRES_S));
const single = z.object({ expiresIn });
const batch = z.object({ expiresIn, paths: z.array(z.string()).min(1).max(1000) });

const MISSING = 'Either the object does not exist or you do not have access to it';

/** `signedURL` is relative to /storage/v1 and not percent-encoded: storage-js encodes it itself. */
const signedPath = (bucket: string, key: string, token: string) =>
  `/object/sign/${bucket}/${key}?token=${token}`;

/** A row and its file: a row whose file went missing is not signed. */
const fileExists = (ctx: StorageContext, bucket: string, key: string) =>
  statFile(objectFile(ctx.root(bucket), key)) !== null;

export async function signOne(ctx: StorageContext, c: Context, bucket: string, key: string) {
  const { expiresIn: ttl } = await storageJson(c, single);
  if (!(await ctx.repo.find(bucket, key)) || !fileExists(ctx, bucket, key)) throw noSuchKey();
  const token = await signObjectUrl(ctx.signingKey, `${bucket}/${key}`, ttl, ctx.now());
  return { signedURL: signedPath(bucket, key, token) };
}

export async function signMany(ctx: StorageContext, c: Context, bucket: string) {
  const { expiresIn: ttl, paths } = await storageJson(c, batch);
  const rows = await ctx.repo.existing(
    bucket,
    paths.map((raw) => raw.replace(/^\/+/, '')),
  );
  return Promise.all(
    paths.map(async (raw) => {
      const key = raw.replace(/^\/+/, '');
      try {
        validateKey(key);
        if (!rows.has(key) || !fileExists(ctx, bucket, key))
          return { error: MISSING, path: raw, signedURL: null };
      } catch (err) {
        if (err instanceof StorageError) return { error: MISSING, path: raw, signedURL: null };
        throw err;
      }
      const token = await signObjectUrl(ctx.signingKey, `${bucket}/${key}`, ttl, ctx.now());
      return { error: null, path: raw, signedURL: signedPath(bucket, key, token) };
    }),
  );
}
