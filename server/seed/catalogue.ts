import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { recipeSchema } from './audio/recipe';

/** The manifest sits in <repo>/fixtures; resolved from this module so any cwd works. */
export const CATALOGUE_PATH = fileURLToPath(new URL('../../fixtures/catalogue.json', import.meta.url));

export const CATEGORIES = ['find', 'free', 'fine-tune', 'fun'] as const;
export const SKILL_LEVELS = ['beginner', 'developing', 'skilled', 'professional'] as const;

const lowerCase = (s: string) => s === s.toLowerCase();
/** Storage object key under the `audio` bucket, e.g. 'sessions/012-gentle-voice-awakening-voice.mp3'. */
const audioPath = z.string().regex(/^[a-z-]+\/\d{3}-[a-z0-9-]+\.mp3$/);

export const musicianSchema = z.object({
  name: z.string().min(1),
  role: z.string().min(1),
  // Only a real account may be named: the demo musicians are our own synthesisers, so they
  // have none and their credits show the name alone (issue 8).
  instagram: z
    .string()
    .regex(/^@[a-z0-9._]+$/)
    .optional(),
});

export const catalogueSessionSchema = z
  .object({
    id: z.number().int().positive(),
    title: z.string().min(3).refine(lowerCase, 'titles are lower-case'),
    description: z.string().min(20),
    cover_color: z.string().regex(/^#[0-9a-f]{6}$/i),
    // Listening-room tracks are a few minutes; voice-guided sessions 5-15 minutes (checked below).
    length_sec: z.number().int().min(60).max(900),
    skill_level: z.enum(SKILL_LEVELS),
    category: z.array(z.enum(CATEGORIES)).min(1),
    moods: z.array(z.string().regex(/^[a-z]+$/)).min(1),
    tags: z.string().min(1),
    /** Space-separated phrases, as the filtered list matches them ('find your center'). */
    intentions: z.array(z.string().regex(/^[a-z]+( [a-z]+)*$/)),
    musicians: z.array(musicianSchema).min(1),
    /** null for instrumental-only listening-room tracks. */
    voice_path: audioPath.nullable(),
    instr_path: audioPath,
    recipe: recipeSchema,
  })
  .refine((s) => (s.voice_path === null) === (s.recipe.guide === null), {
    message: 'a session has a voice track exactly when its recipe has a guide voice',
  })
  .refine((s) => s.voice_path === null || (s.length_sec >= 300 && s.length_sec <= 900), {
    message: 'a voice-guided session lasts 5 to 15 minutes',
  });

export const catalogueSchema = z
  .object({ version: z.literal(1), sessions: z.array(catalogueSessionSchema).min(1) })
  .refine((c) => new Set(c.sessions.map((s) => s.id)).size === c.sessions.length, 'ids are unique')
  .refine((c) => {
    const paths = c.sessions.flatMap((s) => [s.instr_path, ...(s.voice_path ? [s.voice_path] : [])]);
    return new Set(paths).size === paths.length;
  }, 'audio paths are unique');

export type CatalogueSession = z.infer<typeof catalogueSessionSchema>;
export type Catalogue = z.infer<typeof catalogueSchema>;

/** Reads and validates the manifest; throws a ZodError naming the offending field when it is wrong. */
export function loadCatalogue(file = CATALOGUE_PATH): Catalogue {
  return catalogueSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}
