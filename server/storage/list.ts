import { z } from 'zod';
import type { Context } from 'hono';
import { storageJson } from './body';
import type { StorageContext } from './context';
import type { StoredObject } from './repository';
import { wholeNumberField } from '../lib/ids';

const MAX_LIMIT = 1500;
const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

const listBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: wholeNumberField().pipe(z.number().min(1)).default(100),
  offset: wholeNumberField().pipe(z.number().min(0)).default(0),
  search: z.string().max(1024).optional(),
  sortBy: z
    .object({
      column: z.enum(SORT_COLUMNS).default('name'),
      order: z
        .string()
        .transform((o) => (o.toLowerCase() === 'desc' ? 'desc' : 'asc'))
        .default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

type Entry = Record<string, unknown> & { name: string };

/**
 * POST /object/list/<bucket>: immediate children of a folder prefix, like hosted `storage.search`:
 * sub-folders first (as rows with null id and metadata), then files, names relative to the prefix.
 */
export async function listObjects(ctx: StorageContext, c: Context, bucket: string): Promise<Entry[]> {
  const body = await storageJson(c, listBody);
  const trimmed = body.prefix.replace(/^\/+|\/+$/g, '');
  const prefix = trimmed === '' ? '' : `${trimmed}/`;
  const search = (body.search ?? '').toLowerCase();
  const folders = new Set<string>();
  const files: StoredObject[] = [];
  for (const obj of await ctx.repo.underPrefix(bucket, prefix)) {
    const rest = obj.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const child = slash === -1 ? rest : rest.slice(0, slash);
    if (!child.toLowerCase().startsWith(search)) continue;
    if (slash === -1) files.push(obj);
    else folders.add(child);
  }
  const dir = body.sortBy.order === 'desc' ? -1 : 1;
  const column = body.sortBy.column === 'last_accessed_at' ? 'updated_at' : body.sortBy.column;
  files.sort((a, b) => dir * compare(a[column], b[column]) || compare(a.name, b.name));
  const folderRows = [...folders].sort((a, b) => dir * compare(a, b)).map(folderRow);
  const entries = [...folderRows, ...files.map((f) => fileRow(f, prefix))];
  return entries.slice(body.offset, body.offset + Math.min(body.limit, MAX_LIMIT));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const folderRow = (name: string): Entry => ({
  name,
  id: null,
  updated_at: null,
  created_at: null,
  last_accessed_at: null,
  metadata: null,
});

const fileRow = (o: StoredObject, prefix: string): Entry => ({
  name: o.name.slice(prefix.length),
  id: o.id,
  updated_at: o.updated_at,
  created_at: o.created_at,
  last_accessed_at: o.updated_at,
  metadata: {
    eTag: o.etag,
    size: o.size,
    mimetype: o.mimetype,
    cacheControl: o.cache_control,
    lastModified: o.updated_at,
    contentLength: o.size,
    httpStatusCode: 200,
  },
});
