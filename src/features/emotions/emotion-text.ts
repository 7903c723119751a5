import type { ShiftSummary } from '../../domain/emotions';
import { countText } from '../../lib/plural';
import { shortDay } from '../../lib/dates';

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/**
 * The headline in plain words: "After practice you felt better than before 8 times out of your
 * last 10 practices." Null when nothing can be compared yet.
 */
export function shiftHeadline(s: ShiftSummary): string | null {
  if (s.total === 0) return null;
  const of = s.total === 1 ? 'the one practice so far' : `your last ${countText(s.total, 'practice')}`;
  if (s.better === s.total) return `After practice you felt better than before, every time (${of}).`;
  if (s.better === 0 && s.worse === 0) return `Your feeling stayed the same after practice (${of}).`;
  return `After practice you felt better than before ${times(s.better)} out of ${of}.`;
}

/** The rest of the count, e.g. "The same twice, lower once." Empty when there is nothing else. */
export function shiftDetail(s: ShiftSummary): string {
  if (s.better === s.total || (s.better === 0 && s.worse === 0)) return '';
  const parts: string[] = [];
  if (s.same > 0) parts.push(`the same ${times(s.same)}`);
  if (s.worse > 0) parts.push(`lower ${times(s.worse)}`);
  if (parts.length === 0) return '';
  const text = parts.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** A week's mean valence (-2 to 2) in words, for the chart's table and screen readers. */
export function valenceWord(v: number | null): string {
  if (v === null) return 'no answer';
  if (v >= 1.5) return 'very pleasant';
  if (v >= 0.5) return 'pleasant';
  if (v > -0.5) return 'mixed';
  if (v > -1.5) return 'unpleasant';
  return 'very unpleasant';
}

/** "7 Dec" for a week's Monday. */
export function weekLabel(date: string): string {
  return shortDay(date);
}
