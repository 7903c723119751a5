import type { DB } from '../db/open';
import type { Logger } from '../lib/logger';
import { bucketRoot } from '../storage/files';
import { registerRenderedFiles } from './audio-register';
import { loadCatalogue, type Catalogue, type CatalogueSession } from './catalogue';

export const AUDIO_BUCKET = 'audio';

export function bucketDir(dataDir: string, bucket = AUDIO_BUCKET): string {
  return bucketRoot(dataDir, bucket);
}

export interface SeedOptions {
  db: DB;
  dataDir: string;
  logger: Logger;
  catalogue?: Catalogue;
}

/**
 * Seeds the demo catalogue when the sessions table is empty: every session row and one
 * catalogue_audio row per audio file go in one transaction (a crash leaves none or all). No
 * audio is rendered here: `renderCatalogueAudio` does that after the server is ready, and a
 * session's file is registered in the audio bucket only once it is complete on disk, so no row
 * ever points the player at a missing or half-written file. Files already on disk (a restart,
 * a test cache) are registered at once. Returns the number of sessions inserted.
 *
 * A database seeded by an older version (1-2 minute tracks under other paths) is brought up to
 * date: sessions whose id and title match but whose audio paths or length differ get the new
 * paths and length, and their new files are queued for rendering.
 */
export function seedDemoCatalogue(opts: SeedOptions): number {
  const { db, dataDir, logger } = opts;
  const catalogue = opts.catalogue ?? loadCatalogue();
  const inserted = db.transaction(() => {
    const count = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
    if (count > 0) {
      upgradeCatalogue(db, catalogue);
      return 0;
    }
    const insert = db.prepare(`INSERT INTO sessions
      (id, title, description, cover_color, voice_path, instr_path, length_sec, skill_level,
       category, moods, tags, intentions, musicians)
      VALUES (@id, @title, @description, @cover_color, @voice_path, @instr_path, @length_sec, @skill_level,
       @category, @moods, @tags, @intentions, @musicians)`);
    for (const s of catalogue.sessions) {
      insert.run({
        ...pick(s),
        category: JSON.stringify(s.category),
        moods: JSON.stringify(s.moods),
        intentions: JSON.stringify(s.intentions),
        musicians: JSON.stringify(s.musicians),
      });
      queueFiles(db, s);
    }
    return catalogue.sessions.length;
  })();
  const present = registerRenderedFiles(db, bucketDir(dataDir));
  if (inserted)
    logger.say(
      `Demo catalogue ready: ${inserted} sessions (${present} audio files already rendered; the rest render in the background).`,
    );
  return inserted;
}

function pick(s: CatalogueSession) {
  const { id, title, description, cover_color, voice_path, instr_path, length_sec, skill_level, tags } = s;
  return { id, title, description, cover_color, voice_path, instr_path, length_sec, skill_level, tags };
}

function queueFiles(db: DB, s: CatalogueSession): void {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO catalogue_audio (path, session_id, variant) VALUES (?, ?, ?)',
  );
  insert.run(s.instr_path, s.id, 'instrumental');
  if (s.voice_path) insert.run(s.voice_path, s.id, 'voice');
}

/** Brings demo sessions seeded by an older catalogue to the current paths and lengths. */
function upgradeCatalogue(db: DB, catalogue: Catalogue): void {
  const row = db.prepare('SELECT title, voice_path, instr_path, length_sec FROM sessions WHERE id = ?');
  const update = db.prepare(`UPDATE sessions SET voice_path = @voice_path, instr_path = @instr_path,
    length_sec = @length_sec, description = @description WHERE id = @id`);
  const known = db.prepare('SELECT 1 FROM catalogue_audio WHERE session_id = ?');
  for (const s of catalogue.sessions) {
    const r = row.get(s.id) as
      { title: string; voice_path: string | null; instr_path: string | null; length_sec: number } | undefined;
    if (!r || r.title !== s.title) continue; // not ours: a member's or an admin's row
    const stale =
      r.voice_path !== s.voice_path || r.instr_path !== s.instr_path || r.length_sec !== s.length_sec;
    if (stale) update.run(pick(s));
    if (stale || !known.get(s.id)) queueFiles(db, s);
  }
}
