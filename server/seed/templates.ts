import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DB } from '../db/open';
import { CATEGORIES, SKILL_LEVELS } from './catalogue';

/** The template plans sit in <repo>/fixtures beside the catalogue manifest. */
export const TEMPLATES_PATH = fileURLToPath(
  new URL('../../fixtures/session-templates.json', import.meta.url),
);

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

const stepSchema = z.object({
  text: z.string().min(20).max(300),
  duration: z.number().int().min(15).max(300),
});

export const templateSeedSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    title: z.string().min(3).max(80),
    description: z.string().min(20).max(300),
    category: z.enum(CATEGORIES),
    difficulty: z.enum(DIFFICULTIES),
    // The voice level uses the catalogue's skill levels, so the tone-token table applies to it.
    voiceLevel: z.enum(SKILL_LEVELS),
    instructions: z.array(stepSchema).min(4).max(10),
  })
  .refine((t) => {
    const total = t.instructions.reduce((n, s) => n + s.duration, 0);
    return total >= 5 * 60 && total <= 20 * 60;
  }, 'a template lasts 5 to 20 minutes');

export type TemplateSeed = z.infer<typeof templateSeedSchema>;

export function loadTemplateSeed(file = TEMPLATES_PATH): TemplateSeed[] {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { templates: unknown };
  const templates = z.array(templateSeedSchema).min(1).parse(raw.templates);
  const slugs = new Set(templates.map((t) => t.slug));
  if (slugs.size !== templates.length) throw new Error('session template slugs must be unique');
  return templates;
}

/** Where the spoken cue of step `index` (0-based) lives under public/cues (and /cues/ when served). */
export function cueFile(slug: string, index: number): string {
  return `${slug}/${index + 1}.mp3`;
}

/** Spoken cues are 16 kHz mono MP3 at 24 kbit/s (speech has little energy above 7 kHz). */
export const CUE_RATE = 16000;
export const CUE_KBPS = 24;

/** Identifies what a cue was rendered from, so a changed text (or format) shows as stale. */
export function cueHash(text: string): string {
  return crypto.createHash('sha256').update(`${CUE_RATE}/${CUE_KBPS}/${text}`).digest('hex');
}

/**
 * Seeds the session templates when the table is empty, all rows in one transaction (as the
 * catalogue): a crash leaves none or all. Runs on every start, so a database seeded before
 * templates existed gets them too. Ids follow the file's order, so /session/1 is stable.
 * Returns the number of templates inserted.
 */
export function seedSessionTemplates(db: DB, templates: TemplateSeed[] = loadTemplateSeed()): number {
  const insert = db.prepare(`INSERT INTO session_templates
    (id, slug, title, description, category, difficulty, voice_level, duration_sec, instructions_json)
    VALUES (@id, @slug, @title, @description, @category, @difficulty, @voiceLevel, @durationSec, @instructions)`);
  const count = db.prepare('SELECT count(*) AS n FROM session_templates');
  return db
    .transaction(() => {
      // Checked inside the write transaction so two starting processes cannot both insert.
      if ((count.get() as { n: number }).n > 0) return 0;
      templates.forEach((t, i) => {
        insert.run({
          id: i + 1,
          slug: t.slug,
          title: t.title,
          description: t.description,
          category: t.category,
          difficulty: t.difficulty,
          voiceLevel: t.voiceLevel,
          durationSec: t.instructions.reduce((n, s) => n + s.duration, 0),
          instructions: JSON.stringify(t.instructions),
        });
      });
      return templates.length;
    })
    .immediate();
}
