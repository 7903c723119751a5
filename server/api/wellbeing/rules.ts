import { z } from 'zod';
import { CHECK_IN_NOTE_MAX, ENERGY_LEVELS, MOODS, VOICE_FEELS } from '../../../src/domain/check-in';
import { EMOTIONS, FEELING_PHASES } from '../../../src/domain/emotions';
import { isValidTimeZone } from '../../../src/domain/streaks';
import { multilineText } from '../../lib/text';
import { occurredAtField } from '../listening/occurred-at';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** Optional: absent, the member's stored zone applies (a default would report a zone change). */
const timeZone = z
  .string()
  .trim()
  .refine(isValidTimeZone, 'must be an IANA time zone such as Europe/London')
  .optional();

/** POST /api/check-ins. `occurredAt` is when the member tapped (a check-in may wait offline). */
export const checkInBody = z.object({
  voice: oneOf(VOICE_FEELS),
  energy: oneOf(ENERGY_LEVELS),
  mood: oneOf(MOODS),
  note: multilineText()
    .trim()
    .max(CHECK_IN_NOTE_MAX, `must be at most ${CHECK_IN_NOTE_MAX} characters`)
    .default(''),
  occurredAt: occurredAtField,
  timeZone,
});
export type CheckInBody = z.infer<typeof checkInBody>;

/** PUT /api/emotions/:runKey: one half (before or after) of one practice's feelings. */
export const feelingBody = z.object({
  phase: oneOf(FEELING_PHASES),
  emotion: oneOf(EMOTIONS),
  kind: oneOf(['catalogue', 'template'] as const),
  itemId: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a whole number above 0')
    .max(Number.MAX_SAFE_INTEGER, 'must be a whole number'),
  occurredAt: occurredAtField,
  timeZone,
});
export type FeelingBody = z.infer<typeof feelingBody>;

/** A run key is the UUID the app made when the player opened. */
export const RUN_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ?weeks=N for the emotions read: 1 to 26, default 12. */
export const weeksParam = z
  .string()
  .regex(/^\d{1,2}$/)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 26);
export const DEFAULT_WEEKS = 12;
