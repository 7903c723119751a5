import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SqlExecutor } from '../db/sql';
import { bucketRoot, commitFile, discardFile, stageFile, type StagedFile } from './files';
import { objectFile, PRIVATE_BUCKETS, validateKey } from './object-key';
import { signObjectUrl, urlSigningKey } from './signing';

/**
 * Objects that belong to a member (voice notes, Echoverse notes), written by the app's own
 * routes rather than by a storage client: the route checks the member, the size and the type,
 * then stores the row (with `owner_id`) and the file in the same transaction as its own rows,
 * as an upload does (upload.ts). They are served by the same signed, Range-capable GET.
 */

export interface OwnedObject {
  bucket: string;
  name: string;
  ownerId: string;
  mimetype: string;
}

/** Private to whoever holds a signed URL: never kept by a shared cache. */
const CACHE_CONTROL = 'private, max-age=3600';

/** Writes the bytes beside the buckets, before any transaction (file I/O stays outside it). */
export function stageOwnedObject(storageDir: string, bytes: Uint8Array): Promise<StagedFile> {
  return stageFile(storageDir, bytes);
}

export function discardStaged(staged: StagedFile): void {
  discardFile(staged);
}

/**
 * On the caller's transaction: the storage row, then the staged file renamed into place (a
 * local rename). False when the name is taken already (nothing is changed then).
 */
export async function commitOwnedObject(
  tx: SqlExecutor,
  storageDir: string,
  staged: StagedFile,
  obj: OwnedObject,
  nowIso: string,
): Promise<boolean> {
  const file = objectFile(bucketRoot(storageDir, obj.bucket), obj.name);
  const row = await tx.get<{ id: string }>(
    `INSERT INTO storage_objects
       (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at, owner_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (bucket, name) DO NOTHING RETURNING id`,
    [
      crypto.randomUUID(),
      obj.bucket,
      obj.name,
      obj.mimetype,
      staged.size,
      staged.etag,
      CACHE_CONTROL,
      nowIso,
      nowIso,
      obj.ownerId,
    ],
  );
  if (!row) return false;
  commitFile(staged, file);
  return true;
}

/** Removes the row on the caller's transaction; the file goes after it commits (removeObjectFile). */
export async function deleteOwnedObjectRow(tx: SqlExecutor, bucket: string, name: string): Promise<void> {
  await tx.run('DELETE FROM storage_objects WHERE bucket = ? AND name = ?', [bucket, name]);
}

/** The file of a removed row. A file left behind has no row, so no URL can ever be signed for it. */
export function removeObjectFile(storageDir: string, bucket: string, name: string): void {
  fs.rmSync(objectFile(bucketRoot(storageDir, bucket), name), { force: true });
}

/**
 * Every file a member owns in the private buckets (their folder in each), after their account
 * and its rows were deleted. Also takes any file an upload left there without a row.
 */
export function removeOwnerFolders(storageDir: string, ownerId: string): void {
  validateKey(ownerId);
  for (const bucket of PRIVATE_BUCKETS) {
    const root = path.resolve(bucketRoot(storageDir, bucket));
    const folder = path.resolve(root, ownerId);
    if (!folder.startsWith(root + path.sep)) continue;
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

export interface SignedObjectUrl {
  /** Relative to the app's origin: `/storage/v1/object/sign/<bucket>/<name>?token=…`. */
  url: string;
  expiresAt: string;
}

/** A signed GET URL (Range streaming) for `ttlSeconds`; `download` makes it save as that file name. */
export async function signOwnedObjectUrl(
  jwtSecret: string,
  bucket: string,
  name: string,
  ttlSeconds: number,
  nowMs: number,
  download?: string,
): Promise<SignedObjectUrl> {
  const token = await signObjectUrl(urlSigningKey(jwtSecret), `${bucket}/${name}`, ttlSeconds, nowMs);
  const encoded = name.split('/').map(encodeURIComponent).join('/');
  const dl = download === undefined ? '' : `&download=${encodeURIComponent(download)}`;
  return {
    url: `/storage/v1/object/sign/${bucket}/${encoded}?token=${token}${dl}`,
    expiresAt: new Date((Math.floor(nowMs / 1000) + ttlSeconds) * 1000).toISOString(),
  };
}
