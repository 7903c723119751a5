import { z } from 'zod';
import { instantField } from '../../lib/dates';
import { lineText } from '../../lib/text';

/**
 * Plausible bounds of a range check, wide enough for every voice (a bass's lowest notes near
 * 60 Hz, vocal fry below; a whistle register near 1.5 kHz and above) and narrow enough that a
 * unit mistake (kHz for Hz, a MIDI note for Hz, a ratio for dB) is refused with the field's
 * name. The migration's CHECKs hold the same numbers.
 */
export const BOUNDS = {
  hz: [40, 2000],
  rangeSemitones: [0, 60],
  /** MIDI note numbers of 40 Hz (about D#1, 27) to 2000 Hz (about B6, 95), with a margin. */
  semitone: [24, 100],
  /** dB SPL at 30 cm: from below a whisper to beyond any shout. */
  spl: [0, 140],
  /** dB against the take's loudest frame: 0 is the loudest. */
  relative: [-100, 0],
  profilePoints: 100,
} as const;

const num = (min: number, max: number, unit: string) => {
  const message = `must be a number from ${min} to ${max}${unit}`;
  return z.number({ error: message }).finite(message).min(min, message).max(max, message);
};

const hz = () => num(BOUNDS.hz[0], BOUNDS.hz[1], ' Hz');
/** Any level a profile may hold; which bound applies (spl or relative) is checked with `levels`. */
const db = () => num(BOUNDS.relative[0], BOUNDS.spl[1], ' dB');

const point = z
  .object({
    semitone: z
      .number({ error: 'must be a whole MIDI note number' })
      .int('must be a whole MIDI note number')
      .min(
        BOUNDS.semitone[0],
        `must be a MIDI note number from ${BOUNDS.semitone[0]} to ${BOUNDS.semitone[1]}`,
      )
      .max(
        BOUNDS.semitone[1],
        `must be a MIDI note number from ${BOUNDS.semitone[0]} to ${BOUNDS.semitone[1]}`,
      ),
    minDb: db(),
    maxDb: db(),
  })
  .strict();

export const rangeBody = z
  .object({
    lowestHz: hz(),
    highestHz: hz(),
    rangeSemitones: num(BOUNDS.rangeSemitones[0], BOUNDS.rangeSemitones[1], ' semitones'),
    profile: z
      .array(point, { error: 'must be a list of {semitone, minDb, maxDb}' })
      .min(1, 'must hold at least one semitone')
      .max(BOUNDS.profilePoints, `must hold at most ${BOUNDS.profilePoints} semitones`),
    levels: z.enum(['spl', 'relative'], { error: "must be 'spl' (calibrated) or 'relative'" }),
    // Only with a calibrated level: the profile's softest level in dB SPL (the DSI's I-low).
    softestDb: num(BOUNDS.spl[0], BOUNDS.spl[1], ' dB SPL').nullable().optional(),
    recordedAt: instantField(),
    engineVersion: lineText().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  })
  .strict();

export type RangeBody = z.infer<typeof rangeBody>;
