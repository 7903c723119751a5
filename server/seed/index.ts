import type { SqlExecutor } from '../db/sql';
import type { Logger } from '../lib/logger';
import { bucketRoot } from '../storage/files';
import { registerRenderedFiles } from './audio-register';
import { loadCatalogue, type Catalogue, type CatalogueSession } from './catalogue';
import { followIds, seedLock } from './lock';

export const AUDIO_BUCKET = 'audio';

export function bucketDir(storageDir: string, bucket = AUDIO_BUCKET): string {
  return bucketRoot(storageDir, bucket);
}

export interface SeedOptions {
  sql: SqlExecutor;
  /** STORAGE_DIR (config.storageDir): the audio bucket is its `audio` folder. */
  storageDir: string;
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
export async function seedDemoCatalogue(opts: SeedOptions): Promise<number> {
  const { sql, storageDir, logger } = opts;
  const catalogue = opts.catalogue ?? loadCatalogue();
  const inserted = await sql.transaction(async (tx) => {
    await seedLock(tx);
    const count = (await tx.get<{ n: number }>('SELECT count(*) AS n FROM sessions'))?.n ?? 0;
    if (count > 0) {
      await upgradeCatalogue(tx, catalogue);
      return 0;
    }
    for (const s of catalogue.sessions) {
      const p = pick(s);
      await tx.run(
        `INSERT INTO sessions
          (id, title, description, cover_color, voice_path, instr_path, length_sec, skill_level,
           category, moods, tags, intentions, musicians)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          p.id,
          p.title,
          p.description,
          p.cover_color,
          p.voice_path,
          p.instr_path,
          p.length_sec,
          p.skill_level,
          JSON.stringify(s.category),
          JSON.stringify(s.moods),
          p.tags,
          JSON.stringify(s.intentions),
          JSON.stringify(s.musicians),
        ],
      );
      await queueFiles(tx, s);
    }
    await followIds(tx, 'sessions');
    return catalogue.sessions.length;
  });
  const present = await registerRenderedFiles(sql, bucketDir(storageDir));
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

async function queueFiles(tx: SqlExecutor, s: CatalogueSession): Promise<void> {
  const insert =
    'INSERT INTO catalogue_audio (path, session_id, variant) VALUES (?, ?, ?) ON CONFLICT DO NOTHING';
  await tx.run(insert, [s.instr_path, s.id, 'instrumental']);
  if (s.voice_path) await tx.run(insert, [s.voice_path, s.id, 'voice']);
}

/** Brings demo sessions seeded by an older catalogue to the current paths and lengths. */
async function upgradeCatalogue(tx: SqlExecutor, catalogue: Catalogue): Promise<void> {
  for (const s of catalogue.sessions) {
    const r = await tx.get<{
      title: string;
      voice_path: string | null;
      instr_path: string | null;
      length_sec: number;
    }>('SELECT title, voice_path, instr_path, length_sec FROM sessions WHERE id = ?', [s.id]);
    if (!r || r.title !== s.title) continue; // not ours: a member's or an admin's row
    const stale =
      r.voice_path !== s.voice_path || r.instr_path !== s.instr_path || r.length_sec !== s.length_sec;
    if (stale) {
      await tx.run(
        'UPDATE sessions SET voice_path = ?, instr_path = ?, length_sec = ?, description = ? WHERE id = ?',
        [s.voice_path, s.instr_path, s.length_sec, s.description, s.id],
      );
    }
    const known = await tx.get('SELECT 1 AS known FROM catalogue_audio WHERE session_id = ?', [s.id]);
    if (stale || !known) await queueFiles(tx, s);
  }
}
