import { dayNumber } from './streaks';

/**
 * Emotion tracking (tier feature `emotion_tracking`, level 2; docs/features/check-in-and-emotions.md):
 * one tap before and one after practice from a small set of feelings, each with a valence
 * (how pleasant it is, -2 to +2), so "after practice you felt better than before" is a rule a
 * member can check, not a guess. Shared by the server (which accepts only these) and the app.
 */
export const EMOTIONS = [
  'calm',
  'content',
  'joyful',
  'energised',
  'tired',
  'tense',
  'anxious',
  'low',
] as const;
export type Emotion = (typeof EMOTIONS)[number];

export const VALENCE: Record<Emotion, number> = {
  calm: 2,
  content: 2,
  joyful: 2,
  energised: 1,
  tired: -1,
  tense: -1,
  anxious: -2,
  low: -2,
};

export const FEELING_PHASES = ['before', 'after'] as const;
export type FeelingPhase = (typeof FEELING_PHASES)[number];

/** One practice's feelings as GET /api/emotions answers (server/api/wellbeing/feelings-routes.ts). */
export interface PracticeFeeling {
  runKey: string;
  kind: 'catalogue' | 'template';
  itemId: number;
  before: Emotion | null;
  after: Emotion | null;
  /** The member's local day of the first answer. */
  localDate: string;
  /** The practice on the ledger it belongs to; null when none was recorded (see the docs). */
  practice: { title: string; practisedAt: string; localDate: string; counted: boolean } | null;
}

/** -1 lower, 0 the same, 1 better: after compared with before, by valence. */
export function shiftOf(before: Emotion, after: Emotion): -1 | 0 | 1 {
  const d = VALENCE[after] - VALENCE[before];
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}

/** Practices on the ledger with both answers, newest first: the only ones a comparison may use. */
export function pairsOf(feelings: readonly PracticeFeeling[]) {
  return feelings
    .filter(
      (
        f,
      ): f is PracticeFeeling & {
        before: Emotion;
        after: Emotion;
        practice: NonNullable<PracticeFeeling['practice']>;
      } => f.before !== null && f.after !== null && f.practice !== null,
    )
    .sort((a, b) => (a.practice.practisedAt < b.practice.practisedAt ? 1 : -1));
}

export interface ShiftSummary {
  better: number;
  same: number;
  worse: number;
  total: number;
}

/** How the last `n` compared practices moved the member's feeling. */
export function shiftSummary(feelings: readonly PracticeFeeling[], n = 10): ShiftSummary {
  const recent = pairsOf(feelings).slice(0, n);
  const s = { better: 0, same: 0, worse: 0, total: recent.length };
  for (const p of recent) {
    const shift = shiftOf(p.before, p.after);
    if (shift > 0) s.better++;
    else if (shift < 0) s.worse++;
    else s.same++;
  }
  return s;
}

/** The feeling named most often after practice, with how often; null without after answers. */
export function mostOftenAfter(
  feelings: readonly PracticeFeeling[],
): { emotion: Emotion; count: number } | null {
  const counts = new Map<Emotion, number>();
  for (const f of feelings) if (f.after && f.practice) counts.set(f.after, (counts.get(f.after) ?? 0) + 1);
  let best: { emotion: Emotion; count: number } | null = null;
  // EMOTIONS order breaks ties, so the answer does not depend on the order rows arrived in.
  for (const e of EMOTIONS) {
    const c = counts.get(e) ?? 0;
    if (c > 0 && (best === null || c > best.count)) best = { emotion: e, count: c };
  }
  return best;
}

export interface WeekValence {
  /** The Monday that starts the week, YYYY-MM-DD. */
  weekStart: string;
  /** Mean valence of the week's before and after answers (practices on the ledger), or null. */
  before: number | null;
  after: number | null;
  practices: number;
}

const DAY_MS = 86_400_000;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Day number of the Monday on or before `day` (1970-01-01, day 0, was a Thursday). */
const mondayOf = (day: number) => day - ((day + 3) % 7);

/** The last `weeks` weeks (Monday to Sunday, ending with today's), oldest first, for the chart. */
export function weeklyValence(feelings: readonly PracticeFeeling[], today: string, weeks = 8): WeekValence[] {
  const thisMonday = mondayOf(dayNumber(today));
  const first = thisMonday - (weeks - 1) * 7;
  const sums = Array.from({ length: weeks }, () => ({ b: 0, nb: 0, a: 0, na: 0, practices: 0 }));
  for (const f of feelings) {
    if (!f.practice) continue;
    const w = Math.floor((mondayOf(dayNumber(f.practice.localDate)) - first) / 7);
    const slot = sums[w];
    if (!slot) continue;
    slot.practices++;
    if (f.before) {
      slot.b += VALENCE[f.before];
      slot.nb++;
    }
    if (f.after) {
      slot.a += VALENCE[f.after];
      slot.na++;
    }
  }
  return sums.map((s, i) => ({
    weekStart: isoOfDay(first + i * 7),
    before: s.nb > 0 ? s.b / s.nb : null,
    after: s.na > 0 ? s.a / s.na : null,
    practices: s.practices,
  }));
}
