import { z } from 'zod';
import { isValidTimeZone } from '../../../src/domain/streaks';
import { lineText, multilineText } from '../../lib/text';
import { happenedProblem, instantField } from '../../lib/dates';

/** Emotion chips of the 'Track Your Mood' dialog; the server accepts only these. */
export const EMOTIONS = [
  'calm',
  'happy',
  'grateful',
  'hopeful',
  'energized',
  'tired',
  'anxious',
  'sad',
  'frustrated',
  'overwhelmed',
] as const;

export const SOURCE_DEVICES = ['manual', 'apple_watch', 'fitbit', 'garmin', 'oura'] as const;

/** Units and ranges are fixed by the type (issue 12): the client cannot choose another unit. */
export const BIOMETRIC_TYPES = {
  heart_rate: { unit: 'bpm', min: 25, max: 250, whole: false, label: 'heart rate' },
  hrv: { unit: 'ms', min: 5, max: 300, whole: false, label: 'HRV' },
  stress_level: { unit: 'score', min: 1, max: 10, whole: true, label: 'stress level' },
  sleep_quality: { unit: 'score', min: 1, max: 10, whole: true, label: 'sleep quality' },
} as const;
export type BiometricType = keyof typeof BIOMETRIC_TYPES;

/** A clock a few seconds ahead of the server's is not "the future". */
export const FUTURE_TOLERANCE_MS = 60_000;

const score = z
  .number({ error: 'must be a whole number from 1 to 10' })
  .int('must be a whole number from 1 to 10')
  .min(1, 'must be a whole number from 1 to 10')
  .max(10, 'must be a whole number from 1 to 10');
const recordedAt = instantField().optional();
const timeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
  // Optional: absent, the member's stored zone applies (a default would report a zone change).
  .optional();

export const moodBody = z.object({
  moodScore: score,
  stressLevel: score,
  anxietyLevel: score,
  energyLevel: score,
  emotions: z
    .array(z.enum(EMOTIONS, { error: `each must be one of ${EMOTIONS.join(', ')}` }))
    .max(EMOTIONS.length)
    .refine((a) => new Set(a).size === a.length, 'must not repeat an emotion')
    .default([]),
  notes: multilineText().trim().max(1000, 'must be at most 1000 characters').default(''),
  recordedAt,
  timeZone,
});

export const biometricBody = z.object({
  dataType: z.enum(Object.keys(BIOMETRIC_TYPES) as [BiometricType, ...BiometricType[]], {
    error: 'must be one of heart_rate, hrv, stress_level, sleep_quality',
  }),
  value: z.number({ error: 'must be a number' }).finite('must be a number'),
  unit: lineText().trim().optional(),
  sourceDevice: z
    .enum(SOURCE_DEVICES, { error: `must be one of ${SOURCE_DEVICES.join(', ')}` })
    .default('manual'),
  recordedAt,
  timeZone,
});

/** The per-type rules zod cannot express alone; returns [field, message] of the first problem. */
export function biometricProblem(b: z.infer<typeof biometricBody>): [string, string] | null {
  const rule = BIOMETRIC_TYPES[b.dataType];
  if (b.unit !== undefined && b.unit !== rule.unit) return ['unit', `must be ${rule.unit} for ${rule.label}`];
  if (b.value < rule.min || b.value > rule.max || (rule.whole && !Number.isInteger(b.value)))
    return [
      'value',
      `${rule.label} must be ${rule.whole ? 'a whole number ' : ''}from ${rule.min} to ${rule.max}${rule.unit === 'score' ? '' : ` ${rule.unit}`}`,
    ];
  return null;
}

/** recordedAt must lie between the account's creation and now; returns the problem or null. */
export function recordedAtProblem(atMs: number, nowMs: number, accountCreatedMs: number): string | null {
  return happenedProblem(atMs, nowMs, accountCreatedMs, FUTURE_TOLERANCE_MS);
}
