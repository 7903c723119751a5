import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { StorageContext } from './context';
import { invalidMimeType, invalidRequest, StorageError } from './errors';
import { allowedInBucket } from './mime';
import { commitFile, discardFile, stageFile } from './files';
import { objectFile } from './object-key';

interface Incoming {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
}

const duplicate = () => new StorageError('409', 'Duplicate', 'Duplicate', 'The resource already exists');

/**
 * POST (x-upsert decides) or PUT (always replaces) /object/<bucket>/<key>. The file is staged,
 * then the row and the rename happen in one transaction: the upload is all or nothing.
 */
export async function uploadObject(ctx: StorageContext, c: Context, bucket: string, key: string) {
  const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
  const file = objectFile(ctx.root(bucket), key);
  // Checked before reading the body so a duplicate is refused cheaply; checked again below.
  if (!upsert && (await ctx.repo.find(bucket, key))) throw duplicate();
  const incoming = await readIncoming(c);
  // Files are served from our own origin: an HTML or script file there could run as the app.
  if (!allowedInBucket(incoming.mimetype)) throw invalidMimeType(incoming.mimetype);
  const staged = await stageFile(ctx.storageDir, incoming.bytes);
  const now = new Date(ctx.now()).toISOString();
  let id: string;
  try {
    id = await ctx.transaction(async (repo) => {
      const saved = await repo.save(
        {
          id: crypto.randomUUID(),
          bucket,
          name: key,
          mimetype: incoming.mimetype,
          size: staged.size,
          etag: staged.etag,
          cache_control: incoming.cacheControl,
          created_at: now,
          updated_at: now,
        },
        upsert,
      );
      // Another upload took the name since the check above: the unique key decided.
      if (!saved) throw duplicate();
      commitFile(staged, file);
      return saved.id;
    });
  } finally {
    discardFile(staged);
  }
  return { Id: id, Key: `${bucket}/${key}` };
}

/** storage-js sends a Blob as multipart with the file part named '' and raw bodies as they are. */
async function readIncoming(c: Context): Promise<Incoming> {
  const type = c.req.header('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw invalidRequest('The multipart body could not be read.');
    }
    const part = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!part) throw invalidRequest('The multipart body has no file part.');
    const cache = form.get('cacheControl');
    return {
      bytes: new Uint8Array(await part.arrayBuffer()),
      mimetype: part.type || 'application/octet-stream',
      cacheControl: cacheValue(typeof cache === 'string' ? cache : null),
    };
  }
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    mimetype: type || 'text/plain;charset=UTF-8',
    cacheControl: cacheValue(c.req.header('cache-control') ?? null),
  };
}

/** `3600` (multipart field) and `max-age=3600` (header) both become `max-age=3600`. */
function cacheValue(raw: string | null): string {
  const m = /^(?:max-age=)?(\d{1,9})$/.exec((raw ?? '').trim());
  return `max-age=${m?.[1] ?? '3600'}`;
}
