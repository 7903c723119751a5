import { dayNumber } from '../../../src/domain/streaks';
import { minutesOf, type MemberPractice } from '../practice/ledger';
import type { GrowthRepository } from './growth-repository';

const isoDay = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** How many weeks back the weekly tab may go (a year and a bit). */
export const MAX_WEEKS_BACK = 60;

/**
 * One week of practice for voice health's weekly tab (issue 20, "one truth"): the seven local
 * days ending today (or `back` weeks earlier), in the member's stored zone. Sessions and
 * practice minutes come from the practice ledger, as on the journey and the profile; the kept
 * voice analyses of those days add their recording minutes. The browser only renders this.
 */
export async function buildPracticeWeek(
  repo: GrowthRepository,
  userId: string,
  practice: MemberPractice,
  back: number,
) {
  const endN = dayNumber(practice.today) - back * 7;
  const startN = endN - 6;
  const inWeek = (localDate: string) => {
    const d = dayNumber(localDate);
    return d >= startN && d <= endN;
  };
  const entries = practice.entries.filter((e) => inWeek(e.localDate));
  const recordings = (await repo.analyses(userId)).filter((a) => inWeek(a.local_date));
  const practiceMinutes = minutesOf(entries.reduce((n, e) => n + e.practisedSec, 0));
  const recordingMinutes = minutesOf(recordings.reduce((n, a) => n + Number(a.duration_sec), 0));
  return {
    /** First and last local day of the week, inclusive. */
    start: isoDay(startN),
    end: isoDay(endN),
    sessions: entries.filter((e) => e.counted).length,
    practiceMinutes,
    recordingMinutes,
    minutes: practiceMinutes + recordingMinutes,
    recordings: recordings.length,
  };
}
