import type { SqlExecutor } from '../db/sql';

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
  find(bucket: string, name: string): Promise<StoredObject | null>;
  /** Objects whose name starts with `prefix` (already ending in `/`, or empty for the root). */
  underPrefix(bucket: string, prefix: string): Promise<StoredObject[]>;
  /** Which of `names` have a row (one query for a whole sign batch). */
  existing(bucket: string, names: readonly string[]): Promise<Set<string>>;
  /**
   * Writes the row in one statement and resolves to the row as stored, or null when the name
   * is taken and `replace` is false. The unique (bucket, name) key decides, not a read first,
   * so two processes uploading the same new name at once store it once (the other gets null).
   * A replaced row keeps its id and created_at.
   */
  save(obj: StoredObject, replace: boolean): Promise<{ id: string } | null>;
}

const COLUMNS = 'id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at';

/** The only module that runs storage_objects SQL; `sql` is the database or a transaction. */
export function createStorageRepository(sql: SqlExecutor): StorageRepository {
  return {
    find: async (bucket, name) =>
      (await sql.get<StoredObject>(`SELECT ${COLUMNS} FROM storage_objects WHERE bucket = ? AND name = ?`, [
        bucket,
        name,
      ])) ?? null,
    // substr instead of LIKE: key characters such as `_` must match literally.
    underPrefix: (bucket, prefix) =>
      sql.all<StoredObject>(
        `SELECT ${COLUMNS} FROM storage_objects WHERE bucket = ? AND substr(name, 1, ?) = ? ORDER BY name`,
        [bucket, prefix.length, prefix],
      ),
    existing: async (bucket, names) => {
      const found = new Set<string>();
      // Chunks keep the statement within SQLite's parameter limit however large the batch.
      for (let i = 0; i < names.length; i += 500) {
        const chunk = names.slice(i, i + 500);
        const rows = await sql.all<{ name: string }>(
          `SELECT name FROM storage_objects WHERE bucket = ? AND name IN (${chunk.map(() => '?').join(', ')})`,
          [bucket, ...chunk],
        );
        for (const r of rows) found.add(r.name);
      }
      return found;
    },
    save: async (obj, replace) => {
      const onConflict = replace
        ? `DO UPDATE SET mimetype = excluded.mimetype, size = excluded.size, etag = excluded.etag,
             cache_control = excluded.cache_control, updated_at = excluded.updated_at`
        : 'DO NOTHING';
      const row = await sql.get<{ id: string }>(
        `INSERT INTO storage_objects (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (bucket, name) ${onConflict} RETURNING id`,
        [
          obj.id,
          obj.bucket,
          obj.name,
          obj.mimetype,
          obj.size,
          obj.etag,
          obj.cache_control,
          obj.created_at,
          obj.updated_at,
        ],
      );
      return row ?? null;
    },
  };
}
