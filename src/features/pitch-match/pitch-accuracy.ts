// Pitch accuracy over time for voice health (issue 22), from the member's stored takes only:
// a number per day they sang, and this week against the week before. Nothing is estimated.
import { CLOSE_FULL_CENTS } from '../../domain/pitch-target/score';
import { typicalOf } from '../../domain/voice/typical';
import type { StoredPitchResult } from './pitch-api';

/** What the accuracy reads of a take (a stored one, or one waiting to sync). */
type Take = Pick<StoredPitchResult, 'notes' | 'score' | 'recordedAt' | 'localDate'>;

const DAY = 86_400_000;

export interface AccuracyDay {
  /** The member's local day the takes count for (the server's localDate). */
  day: string;
  /** The day's typical take: the middle score (the lower middle for an even count), 0-100. */
  score: number;
  takes: number;
}

/**
 * A span of takes told by what the takes were (issue 31): a typical distance over two takes of
 * 2 and 398 cents, "200 cents off", described neither. So the span gives its lowest and highest
 * score and how many of the notes sung were close, never a middle that matches no take; the
 * typical take's score (the middle one, typicalOf) compares one week with the next.
 */
export interface AccuracySpan {
  takes: number;
  /** The typical take's score (the middle one): for the change from one week to the next. */
  score: number;
  lowest: number;
  highest: number;
  /** Notes sung (a note not sung has no distance). */
  notesSung: number;
  /** Of those, the notes whose median was within CLOSE_CENTS of the target. */
  notesClose: number;
}

/** A note this close earns the score's full closeness points. */
export const CLOSE_CENTS = CLOSE_FULL_CENTS;

export function spanOf(list: readonly Take[]): AccuracySpan | null {
  if (list.length === 0) return null;
  const cents = list.flatMap((r) =>
    r.notes.flatMap((n) => (n.centsOff === null ? [] : [Math.abs(n.centsOff)])),
  );
  const scores = list.map((r) => r.score);
  return {
    takes: list.length,
    score: typicalOf(scores) ?? 0,
    lowest: Math.min(...scores),
    highest: Math.max(...scores),
    notesSung: cents.length,
    notesClose: cents.filter((c) => c <= CLOSE_CENTS).length,
  };
}

/** "3 takes, from 56 to 100/100; 4 of 6 notes within 10 cents of the target". */
export function spanText(span: AccuracySpan | null): string {
  if (!span) return 'no takes';
  const scores =
    span.takes === 1
      ? `1 take, ${span.score}/100`
      : span.lowest === span.highest
        ? `${span.takes} takes, each ${span.lowest}/100`
        : `${span.takes} takes, from ${span.lowest} to ${span.highest}/100`;
  const notes =
    span.notesSung === 0
      ? 'no note sung'
      : `${span.notesClose} of ${span.notesSung} ${span.notesSung === 1 ? 'note' : 'notes'} within ${CLOSE_CENTS} cents of the target`;
  return `${scores}; ${notes}`;
}

/**
 * The span in one sentence before any number (issue 31), by counting its sung notes:
 * "3 of 5 notes you sang in the last 7 days were right on the note." Null without takes.
 */
export function spanInWords(span: AccuracySpan | null, when: string): string | null {
  if (!span) return null;
  if (span.notesSung === 0) return `You sang no note ${when}.`;
  if (span.notesSung === 1)
    return span.notesClose === 1
      ? `The note you sang ${when} was right on the note.`
      : `The note you sang ${when} was not yet right on the note.`;
  if (span.notesClose === span.notesSung)
    return `All ${span.notesSung} notes you sang ${when} were right on the note.`;
  return `${span.notesClose} of ${span.notesSung} notes you sang ${when} were right on the note.`;
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
      score: typicalOf(scores) ?? 0,
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
