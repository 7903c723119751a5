import Database from 'better-sqlite3';
import { AUDIO_BUCKET } from '../../seed';
import { loadCatalogue } from '../../seed/catalogue';

type StoredObject = { bucket: string; name: string };

/**
 * The storage objects a backup keeps: all but the demo catalogue's audio, which `npm start`
 * renders again (deterministically) on a restored installation.
 */
export function withoutDemoAudio(objects: StoredObject[]): StoredObject[] {
  const demo = new Set(
    loadCatalogue().sessions.flatMap((s) => [s.instr_path, ...(s.voice_path ? [s.voice_path] : [])]),
  );
  return objects.filter((o) => !(o.bucket === AUDIO_BUCKET && demo.has(o.name)));
}

/** The storage_objects rows of a SQLite snapshot. */
export function storageObjectsIn(snapshot: string): StoredObject[] {
  const db = new Database(snapshot, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT bucket, name FROM storage_objects ORDER BY bucket, name')
      .all() as StoredObject[];
  } finally {
    db.close();
  }
}
