import type { DB } from '../db/open';

export interface StoredObject {
  id: string;
  bucket: string;
  name: string;
  mimetype: string;
  size: number;
  etag: string;
  cache_control: string;
  created_at: string;
  updated_at: string;
}

export interface StorageRepository {
  find(bucket: string, name: string): StoredObject | null;
  /** Objects whose name starts with `prefix` (already ending in `/`, or empty for the root). */
  underPrefix(bucket: string, prefix: string): StoredObject[];
  save(obj: StoredObject): void;
}

/** The only module that runs storage_objects SQL; statements are prepared once per app. */
export function createStorageRepository(db: DB): StorageRepository {
  const find = db.prepare('SELECT * FROM storage_objects WHERE bucket = ? AND name = ?');
  // substr instead of LIKE: key characters such as `_` must match literally.
  const under = db.prepare(
    'SELECT * FROM storage_objects WHERE bucket = ? AND substr(name, 1, ?) = ? ORDER BY name',
  );
  const save = db.prepare(`INSERT INTO storage_objects
      (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
      VALUES (@id, @bucket, @name, @mimetype, @size, @etag, @cache_control, @created_at, @updated_at)
    ON CONFLICT (bucket, name) DO UPDATE SET
      mimetype = excluded.mimetype, size = excluded.size, etag = excluded.etag,
      cache_control = excluded.cache_control, updated_at = excluded.updated_at`);
  return {
    find: (bucket, name) => (find.get(bucket, name) as StoredObject | undefined) ?? null,
    underPrefix: (bucket, prefix) => under.all(bucket, prefix.length, prefix) as StoredObject[],
    save: (obj) => {
      save.run(obj);
    },
  };
}
