import type { SqlExecutor } from '../../db/sql';
import { lockMember, MEMBER_LOCK } from '../../db/sql/member-lock';
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

/**
 * True when another recording of the member's on the ledger overlaps one made at `recordedAt`
 * for `durationSec`: recordings are made one after another, so two instants are at least the
 * shorter one's length apart. The same instant is the same recording (recordRecording keeps it
 * once). Takes the member's lock for the rest of the transaction, so two requests at once are
 * checked one after the other.
 */
export async function recordingOverlaps(
  tx: SqlExecutor,
  userId: string,
  recordedAt: string,
  durationSec: number,
): Promise<boolean> {
  await lockMember(tx, MEMBER_LOCK.recordings, userId);
  const at = Date.parse(recordedAt);
  const near = await tx.all<{ practised_at: string; practised_sec: number }>(
    `SELECT practised_at, practised_sec FROM practice_ledger
     WHERE user_id = ? AND kind = 'recording' AND practised_at > ? AND practised_at < ? AND practised_at <> ?`,
    [
      userId,
      new Date(at - durationSec * 1000).toISOString(),
      new Date(at + durationSec * 1000).toISOString(),
      recordedAt,
    ],
  );
  return near.some(
    (r) => Math.abs(Date.parse(r.practised_at) - at) < Math.min(durationSec, Number(r.practised_sec)) * 1000,
  );
}
