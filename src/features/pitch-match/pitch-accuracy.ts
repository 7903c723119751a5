// Pitch accuracy over time for voice health (issue 22), from the member's stored takes only:
// a number per day they sang, and this week against the week before. Nothing is estimated.
import type { StoredPitchResult } from './pitch-api';

/** What the accuracy reads of a take (a stored one, or one waiting to sync). */
type Take = Pick<StoredPitchResult, 'notes' | 'score' | 'recordedAt' | 'localDate'>;

const DAY = 86_400_000;

export interface AccuracyDay {
  /** The member's local day the takes count for (the server's localDate). */
  day: string;
  /** Mean score of the day's takes, 0-100. */
  score: number;
  takes: number;
}

export interface AccuracySpan {
  takes: number;
  /** Mean score, rounded. */
  score: number;
  /** Median distance from the target over every sung note, whole cents; null when none was sung. */
  centsOff: number | null;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

export function spanOf(list: readonly Take[]): AccuracySpan | null {
  if (list.length === 0) return null;
  const cents = list.flatMap((r) =>
    r.notes.flatMap((n) => (n.centsOff === null ? [] : [Math.abs(n.centsOff)])),
  );
  return {
    takes: list.length,
    score: Math.round(list.reduce((a, r) => a + r.score, 0) / list.length),
    centsOff: cents.length ? Math.round(median(cents)) : null,
  };
}

/** The days of the last `days` days with takes, oldest first. */
export function accuracyByDay(list: readonly Take[], nowMs: number, days = 30): AccuracyDay[] {
  const since = nowMs - days * DAY;
  const byDay = new Map<string, number[]>();
  for (const r of list) {
    if (Date.parse(r.recordedAt) < since) continue;
    byDay.set(r.localDate, [...(byDay.get(r.localDate) ?? []), r.score]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, scores]) => ({
      day,
      score: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      takes: scores.length,
    }));
}

/** The last 7 days and the 7 before them. */
export function weekOverWeek(list: readonly Take[], nowMs: number) {
  const inSpan = (from: number, to: number) =>
    list.filter((r) => {
      const t = Date.parse(r.recordedAt);
      return t >= from && t < to;
    });
  const thisWeek = spanOf(inSpan(nowMs - 7 * DAY, nowMs + 1));
  const lastWeek = spanOf(inSpan(nowMs - 14 * DAY, nowMs - 7 * DAY));
  return { thisWeek, lastWeek, change: thisWeek && lastWeek ? thisWeek.score - lastWeek.score : null };
}
