import {
  ENERGY_LABELS,
  MOOD_LABELS,
  needsCare,
  VOICE_FEEL_LABELS,
  type CheckInAnswers,
  type VoiceFeel,
} from '../../domain/check-in';
import { dayNumber } from '../../domain/streaks';
import { countText } from '../../lib/plural';

/** "voice tired · energy low · mood okay" */
export function answersLine(a: CheckInAnswers): string {
  return `voice ${VOICE_FEEL_LABELS[a.voice]} · energy ${ENERGY_LABELS[a.energy]} · mood ${MOOD_LABELS[a.mood]}`;
}

export interface StripDay {
  date: string;
  voice: VoiceFeel | null;
}

const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The `days` local days ending today, oldest first, each with its check-in's voice or null. */
export function stripDays(
  checkIns: readonly { localDate: string; voice: VoiceFeel }[],
  today: string,
  days: number,
): StripDay[] {
  const byDate = new Map(checkIns.map((c) => [c.localDate, c.voice]));
  const last = dayNumber(today);
  return Array.from({ length: days }, (_, i) => {
    const date = dateOf(last - (days - 1) + i);
    return { date, voice: byDate.get(date) ?? null };
  });
}

/** Days of the last 14 (today included) whose voice was hoarse or sore. */
export function hoarseDaysOf(days: readonly StripDay[]): number {
  return days.slice(-14).filter((d) => d.voice === 'hoarse').length;
}

/**
 * The strip in words, before the picture: "You checked in on 12 of the last 30 days: clear or
 * fine on 8, tired on 3, strained or hoarse on 1."
 */
export function stripSummary(days: readonly StripDay[]): string {
  const given = days.filter((d) => d.voice !== null) as { date: string; voice: VoiceFeel }[];
  if (given.length === 0) return `No check-ins in the last ${days.length} days yet.`;
  const good = given.filter((d) => d.voice === 'clear' || d.voice === 'fine').length;
  const tired = given.filter((d) => d.voice === 'tired').length;
  const care = given.filter((d) => needsCare(d.voice)).length;
  const parts = [
    good > 0 ? `clear or fine on ${good}` : null,
    tired > 0 ? `tired on ${tired}` : null,
    care > 0 ? `strained or hoarse on ${care}` : null,
  ].filter((p): p is string => p !== null);
  return `You checked in on ${countText(given.length, 'day')} of the last ${days.length}: ${parts.join(', ')}.`;
}

/** "Mon 3 Dec" for a local date. */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
