import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DB } from '../db/open';
import type { Logger } from '../lib/logger';
import { bucketRoot } from '../storage/files';
import { buildCatalogueAudio } from './audio/build';
import { loadCatalogue, type Catalogue } from './catalogue';

export const AUDIO_BUCKET = 'audio';

export function bucketDir(dataDir: string, bucket = AUDIO_BUCKET): string {
  return bucketRoot(dataDir, bucket);
}

export interface SeedOptions {
  db: DB;
  dataDir: string;
  logger: Logger;
  catalogue?: Catalogue;
  /** Renders the catalogue's audio files; tests pass a fast fake. */
  buildAudio?: typeof buildCatalogueAudio;
}

/**
 * Seeds the demo catalogue when the sessions table is empty. Audio files are written first
 * (each atomically), then every row goes in one transaction: a crash at any point leaves
 * either no catalogue rows or all of them, and never a row pointing at a missing file.
 * Returns the number of sessions inserted (0 when the catalogue was already there).
 */
export async function seedDemoCatalogue(opts: SeedOptions): Promise<number> {
  const { db, dataDir, logger } = opts;
  const count = (db.prepare('SELECT count(*) AS n FROM sessions').get() as { n: number }).n;
  if (count > 0) return 0;
  const catalogue = opts.catalogue ?? loadCatalogue();
  const audioDir = bucketDir(dataDir);
  const started = Date.now();
  logger.say(
    `Preparing the demo catalogue: rendering ${countFiles(catalogue)} audio tracks (first start only)…`,
  );
  await (opts.buildAudio ?? buildCatalogueAudio)({
    audioDir,
    catalogue,
    onProgress: (done, total, label) => logger.say(`  [${done}/${total}] ${label}`),
  });
  insertCatalogue(db, catalogue, audioDir);
  logger.say(
    `Demo catalogue ready: ${catalogue.sessions.length} sessions in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return catalogue.sessions.length;
}

function countFiles(catalogue: Catalogue): number {
  return catalogue.sessions.reduce((n, s) => n + (s.voice_path ? 1 : 0) + (s.instr_path ? 1 : 0), 0);
}

function insertCatalogue(db: DB, catalogue: Catalogue, audioDir: string): void {
  const insertSession = db.prepare(`INSERT INTO sessions
    (id, title, description, cover_color, voice_path, instr_path, length_sec, skill_level,
     category, moods, tags, intentions, musicians)
    VALUES (@id, @title, @description, @cover_color, @voice_path, @instr_path, @length_sec, @skill_level,
     @category, @moods, @tags, @intentions, @musicians)`);
  const insertObject = db.prepare(`INSERT OR REPLACE INTO storage_objects
    (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
    VALUES (?, ?, ?, 'audio/mpeg', ?, ?, 'max-age=604800', ?, ?)`);
  const now = new Date().toISOString();
  db.transaction(() => {
    for (const s of catalogue.sessions) {
      insertSession.run({
        id: s.id,
        title: s.title,
        description: s.description,
        cover_color: s.cover_color,
        voice_path: s.voice_path,
        instr_path: s.instr_path,
        length_sec: s.length_sec,
        skill_level: s.skill_level,
        category: JSON.stringify(s.category),
        moods: JSON.stringify(s.moods),
        tags: s.tags,
        intentions: JSON.stringify(s.intentions),
        musicians: JSON.stringify(s.musicians),
      });
      for (const p of [s.voice_path, s.instr_path]) {
        if (!p) continue;
        const file = path.join(audioDir, p);
        const stat = fs.statSync(file); // throws (and rolls back) if a file is missing
        insertObject.run(crypto.randomUUID(), AUDIO_BUCKET, p, stat.size, fileEtag(file), now, now);
      }
    }
  })();
}

function fileEtag(file: string): string {
  return `"${crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex')}"`;
}
