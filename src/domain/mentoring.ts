/**
 * Limits and words shared by the mentoring, leadership and teaching screens and their API
 * (docs/features/mentoring-leadership-teaching.md), so the form and the server agree.
 */

/** What a mentor can help with; a request may name one to be matched by it. */
export const MENTOR_FOCUSES = ['breath', 'confidence', 'range', 'pitch', 'routine'] as const;
export type MentorFocus = (typeof MENTOR_FOCUSES)[number];

export const MENTOR_FOCUS_LABELS: Record<MentorFocus, string> = {
  breath: 'breath and support',
  confidence: 'confidence',
  range: 'range',
  pitch: 'singing in tune',
  routine: 'a steady routine',
};

export const MAX_INTRO = 280;
export const MAX_MENTEES = 5;
export const MAX_NOTE = 300;
/** Notes a pairing shows, newest last. */
export const NOTES_SHOWN = 50;

export const MAX_PROMPT = 200;

export const MAX_TEACHES = 120;
export const MAX_STATEMENT = 1000;
export const MAX_TEACHING_LINKS = 2;
export const MAX_DECLINE_REASON = 500;

export type ApplicationStatus = 'submitted' | 'approved' | 'declined';

/** Monday of the UTC week of `ms`, as YYYY-MM-DD: the week a circle's prompt belongs to. */
export function weekOf(ms: number): string {
  const d = new Date(ms);
  const back = (d.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back))
    .toISOString()
    .slice(0, 10);
}
