import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SqlExecutor } from '../db/sql';
import { CATEGORIES, SKILL_LEVELS } from './catalogue';
import { followIds, seedLock } from './lock';
import { findExercise } from '../../src/domain/pitch-target/exercises';

/** The template plans sit in <repo>/fixtures beside the catalogue manifest. */
export const TEMPLATES_PATH = fileURLToPath(
  new URL('../../fixtures/session-templates.json', import.meta.url),
);

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;

const stepSchema = z.object({
  text: z.string().min(20).max(300),
  duration: z.number().int().min(15).max(300),
  // A step may carry a pitch target (issue 22): the id of a seeded pitch exercise, which the
  // player places in the member's range, plays and scores.
  exercise: z
    .string()
    .refine((id) => findExercise(id) !== undefined, 'must be the id of a pitch exercise')
    .optional(),
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
 * templates existed gets them too, and one seeded before a template was added to the file gets
 * that template. Ids follow the file's order, so /session/1 is stable. Returns the number of
 * templates inserted.
 */
export async function seedSessionTemplates(
  sql: SqlExecutor,
  templates: TemplateSeed[] = loadTemplateSeed(),
): Promise<number> {
  return sql.transaction(async (tx) => {
    // Checked under the seed lock in the write transaction, so two starting processes cannot both insert.
    await seedLock(tx);
    const count = (await tx.get<{ n: number }>('SELECT count(*) AS n FROM session_templates'))?.n ?? 0;
    if (count > 0) {
      await addStepExercises(tx, templates);
      return addMissingTemplates(tx, templates);
    }
    for (const [i, t] of templates.entries()) await insertTemplate(tx, t, i + 1);
    await followIds(tx, 'session_templates');
    return templates.length;
  });
}

/** One template row; `id` null takes the next id (a template added to a seeded database). */
async function insertTemplate(tx: SqlExecutor, t: TemplateSeed, id: number | null): Promise<void> {
  await tx.run(
    `INSERT INTO session_templates
      (${id === null ? '' : 'id, '}slug, title, description, category, difficulty, voice_level, duration_sec,
       instructions_json)
      VALUES (${id === null ? '' : '?, '}?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      ...(id === null ? [] : [id]),
      t.slug,
      t.title,
      t.description,
      t.category,
      t.difficulty,
      t.voiceLevel,
      t.instructions.reduce((n, s) => n + s.duration, 0),
      JSON.stringify(t.instructions),
    ],
  );
}

/**
 * Gives a database seeded before a template joined the file (the advanced templates of issue
 * 30) the templates it lacks, matched by slug, in the file's order; the ones there, changed by
 * an operator or not, stay as they are. Returns how many were added (0 once up to date).
 */
async function addMissingTemplates(tx: SqlExecutor, templates: TemplateSeed[]): Promise<number> {
  const have = new Set(
    (await tx.all<{ slug: string }>('SELECT slug FROM session_templates')).map((r) => r.slug),
  );
  const missing = templates.filter((t) => !have.has(t.slug));
  for (const t of missing) await insertTemplate(tx, t, null);
  return missing.length;
}

/**
 * Gives the templates of a database seeded before steps carried pitch targets their steps'
 * exercises: a stored step whose text is the seed's gets the seed's `exercise`. Steps an
 * operator changed are left as they are. Idempotent: runs on every start, writes only a change.
 */
async function addStepExercises(tx: SqlExecutor, templates: TemplateSeed[]): Promise<void> {
  for (const t of templates) {
    if (!t.instructions.some((step) => step.exercise)) continue;
    const row = await tx.get<{ id: number; instructions_json: string }>(
      'SELECT id, instructions_json FROM session_templates WHERE slug = ?',
      [t.slug],
    );
    if (!row) continue;
    const stored = JSON.parse(row.instructions_json) as { text: string; exercise?: string }[];
    let changed = false;
    const next = stored.map((step, i) => {
      const seed = t.instructions[i];
      if (!seed?.exercise || seed.text !== step.text || step.exercise === seed.exercise) return step;
      changed = true;
      return { ...step, exercise: seed.exercise };
    });
    if (changed)
      await tx.run('UPDATE session_templates SET instructions_json = ? WHERE id = ?', [
        JSON.stringify(next),
        row.id,
      ]);
  }
}
