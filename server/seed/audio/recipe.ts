import { z } from 'zod';
import { MODES } from './music';

/** The guide voice: who sings and which exercise pattern it sings over the bed. */
export const guideSchema = z.object({
  voice: z.enum(['soprano', 'alto', 'tenor', 'baritone']),
  exercise: z.enum(['hum', 'vowels', 'siren', 'lip-trill', 'call-response', 'arpeggio', 'scale']),
  /** Vowels cycled through by the exercise; 'm' is a closed-mouth hum, 'ng' a nasal hum. */
  vowels: z.array(z.enum(['a', 'e', 'i', 'o', 'u', 'm', 'ng'])).min(1),
  /** How many scale steps the exercise climbs before coming back down. */
  climb: z.number().int().min(0).max(5),
});

/** Every synthesis parameter of one track; rendering the same recipe twice gives identical bytes. */
export const recipeSchema = z.object({
  seed: z.number().int().min(0).max(0xffffffff),
  /** Tonic of the bed, e.g. 'D3'. */
  root: z.string().regex(/^[A-G][#b]?[2-4]$/),
  scale: z.enum(Object.keys(MODES) as [keyof typeof MODES, ...(keyof typeof MODES)[]]),
  tempo: z.number().int().min(40).max(120),
  /** Chord roots as 0-based scale degrees, looped. */
  progression: z.array(z.number().int().min(0).max(6)).min(1).max(8),
  chord_beats: z.number().int().min(4).max(32),
  pad: z.enum(['warm-saw', 'soft-sine', 'glass', 'choir']),
  drone: z.enum(['none', 'root-fifth', 'root-octave']),
  texture: z.enum(['none', 'ocean', 'plucks', 'bells']),
  /** 0..1: pad filter cutoff, i.e. how bright the bed is. */
  brightness: z.number().min(0).max(1),
  guide: guideSchema.nullable(),
});

export type Recipe = z.infer<typeof recipeSchema>;
export type Guide = z.infer<typeof guideSchema>;
