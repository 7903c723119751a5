import type { SqlExecutor } from '../../db/sql';
import { recordPracticeOnce } from './ledger';

/** The one title a recording has on the ledger (journey, calendar, export). */
export const RECORDING_TITLE = 'tuning-room recording';

/**
 * A recording in the tuning room on the practice ledger: its minutes are practice (never a
 * session: no tokens, no streak day, as a match-the-note take), whether or not the member keeps
 * its numbers. Written by `POST /practice/recordings` (every recording) and by
 * `POST /voice-analyses` (kept ones); the unique key (member, instant) keeps it to one entry
 * whichever arrives first, replays and two processes included. Null when it was there already.
 */
export function recordRecording(
  tx: SqlExecutor,
  userId: string,
  recordedAt: string,
  localDate: string,
  durationSec: number,
): Promise<number | null> {
  const seconds = Math.round(durationSec);
  return recordPracticeOnce(tx, {
    userId,
    kind: 'recording',
    itemId: 0,
    title: RECORDING_TITLE,
    categories: [],
    practisedAt: recordedAt,
    localDate,
    plannedSec: seconds,
    practisedSec: seconds,
    counted: false,
    earned: 0,
    sourceId: null,
  });
}
