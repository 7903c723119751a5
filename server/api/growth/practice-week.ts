import { dayNumber } from '../../../src/domain/streaks';
import { listeningMinutesOf, practiceMinutesOf, type MemberPractice } from '../practice/ledger';

const isoDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** How many weeks back the weekly tab may go (a year and a bit). */
export const MAX_WEEKS_BACK = 60;

/**
 * One week of practice for voice health's weekly tab (issue 20, "one truth"): the seven local
 * days ending today (or `back` weeks earlier), in the member's stored zone. Everything comes from
 * the practice ledger, as on the journey and the profile: sessions, practice minutes (tuning-room
 * recordings among them, kept numbers or not), and listening minutes apart. The browser only
 * renders this.
 */
export function buildPracticeWeek(practice: MemberPractice, back: number) {
  const endN = dayNumber(practice.today) - back * 7;
  const startN = endN - 6;
  const inWeek = (localDate: string) => {
    const d = dayNumber(localDate);
    return d >= startN && d <= endN;
  };
  const entries = practice.entries.filter((e) => inWeek(e.localDate));
  const recordings = entries.filter((e) => e.kind === 'recording');
  const others = entries.filter((e) => e.kind !== 'recording');
  return {
    /** First and last local day of the week, inclusive. */
    start: isoDay(startN),
    end: isoDay(endN),
    sessions: entries.filter((e) => e.counted).length,
    /** Practice minutes other than recordings (sessions, partial practice, takes). */
    practiceMinutes: practiceMinutesOf(others),
    recordingMinutes: practiceMinutesOf(recordings),
    /** All practice minutes of the week, rounded once (as the dashboard rounds its total). */
    minutes: practiceMinutesOf(entries),
    listeningMinutes: listeningMinutesOf(entries),
    recordings: recordings.length,
  };
}
