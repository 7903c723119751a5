import { SOUND_RMS, type TakeKind } from './take-quality';

/**
 * When a step ends by itself (the member presses "Record" once and never "stop"):
 * - vowel: once "ah" has been held 4 s (the method needs 3; the margin covers the onset), or
 *   0.5 s after the voice stops early (the check then asks for a longer one);
 * - sentence: 1.2 s after the reading stops (a pause between words is shorter);
 * - breath: 1 s after the held "ah" stops: the maximum phonation time is the member's own;
 * and every step after a limit, or when nothing was heard for 6 s.
 */
export interface StopRule {
  /** Voice held this long without a break ends the take; null: never by holding. */
  holdSeconds: number | null;
  /** Silence this long after the voice ends the take. */
  silenceAfterSeconds: number;
  limitSeconds: number;
}

export const STOP_RULES: Record<TakeKind, StopRule> = {
  vowel: { holdSeconds: 4, silenceAfterSeconds: 0.5, limitSeconds: 10 },
  sentence: { holdSeconds: null, silenceAfterSeconds: 1.2, limitSeconds: 15 },
  breath: { holdSeconds: null, silenceAfterSeconds: 1, limitSeconds: 90 },
};
/** Nothing heard this long after "Record": the take ends (and is judged too quiet). */
export const NOTHING_HEARD_SECONDS = 6;
/** The voice must last this long before a silence counts as its end (not a hesitant start). */
const VOICE_BEFORE_END_SECONDS = 0.3;

/** A step's own rule (the range check's glides and held notes), or one of the assessment's. */
export function createAutoStop(kind: TakeKind | StopRule) {
  const rule = typeof kind === 'string' ? STOP_RULES[kind] : kind;
  let elapsed = 0;
  let voiced = 0;
  let held = 0;
  let silence = 0;
  return {
    /** Feeds one chunk's level and length; true when the take should end now. */
    feed(rms: number, seconds: number): boolean {
      elapsed += seconds;
      if (rms >= SOUND_RMS) {
        voiced += seconds;
        held += seconds;
        silence = 0;
      } else {
        silence += seconds;
        if (silence > 0.25) held = 0;
      }
      if (elapsed >= rule.limitSeconds) return true;
      if (voiced === 0 && elapsed >= NOTHING_HEARD_SECONDS) return true;
      if (rule.holdSeconds !== null && held >= rule.holdSeconds) return true;
      return voiced >= VOICE_BEFORE_END_SECONDS && silence >= rule.silenceAfterSeconds;
    },
    get elapsedSeconds() {
      return elapsed;
    },
  };
}
