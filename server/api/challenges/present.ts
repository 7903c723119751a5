import {
  challengeState,
  daysLeft,
  type ChallengeFocus,
  type ChallengeMeasure,
  type ChallengeState,
} from '../../../src/domain/challenges';
import { tallyBetween, type PracticeEntry } from '../practice/ledger';
import { firstNameOf } from '../circles/present';
import type { ChallengeRow } from './repository';

/** GET /api/challenges…: one challenge as the calling member sees it. */
export interface ChallengeView {
  id: number;
  /** The name its creator gave it, '' for none (the app then names it by its rule). */
  name: string;
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  startDate: string;
  endDate: string;
  circle: { id: number; name: string } | null;
  createdByMe: boolean;
  /** The creator's first name; null once they deleted their account. */
  creatorName: string | null;
  /** Its creator, or its circle's owner. */
  canDelete: boolean;
  joined: boolean;
  joiners: number;
  /** For the caller: met only when they took it on and reached the target. */
  state: ChallengeState;
  /** Days left to practise, today included (0 when it has ended). */
  daysLeft: number;
  /** The caller's own progress, read from their practice ledger; null when they have not joined. */
  progress: { value: number; metOn: string | null } | null;
}

/** Its creator may delete a challenge, and so may the owner of its circle. */
export const mayDelete = (row: ChallengeRow, me: string): boolean =>
  row.creator_id === me || (row.circle_id !== null && row.circle_owner === me);

/** What the member's own practice between the dates says about one challenge, on their `today`. */
export function presentChallenge(
  row: ChallengeRow,
  me: string,
  entries: readonly PracticeEntry[],
  today: string,
): ChallengeView {
  const joined = row.joined === 1;
  const tally = joined
    ? tallyBetween(entries, {
        from: row.start_date,
        to: row.end_date,
        focus: row.focus,
        measure: row.measure,
        target: row.target,
      })
    : null;
  const rule = { startDate: row.start_date, endDate: row.end_date, target: row.target };
  return {
    id: row.id,
    name: row.name,
    measure: row.measure,
    target: row.target,
    focus: row.focus,
    startDate: row.start_date,
    endDate: row.end_date,
    circle: row.circle_id === null ? null : { id: row.circle_id, name: row.circle_name ?? '' },
    createdByMe: row.creator_id === me,
    creatorName: row.creator_id === null ? null : firstNameOf(row.creator_name ?? ''),
    canDelete: mayDelete(row, me),
    joined,
    joiners: row.joiners,
    state: challengeState(rule, tally?.value ?? 0, today),
    daysLeft:
      today > row.end_date ? 0 : daysLeft(row.end_date, today < row.start_date ? row.start_date : today),
    progress: tally ? { value: tally.value, metOn: tally.reachedOn } : null,
  };
}

/** Open first (the nearest end first), then those still to start, then met (latest first), then ended. */
export function sortForList(list: ChallengeView[]): ChallengeView[] {
  const rank: Record<ChallengeState, number> = { open: 0, upcoming: 1, met: 2, ended: 3 };
  return [...list].sort((a, b) => {
    if (a.state !== b.state) return rank[a.state] - rank[b.state];
    if (a.state === 'met')
      return (b.progress?.metOn ?? '').localeCompare(a.progress?.metOn ?? '') || b.id - a.id;
    if (a.state === 'ended') return b.endDate.localeCompare(a.endDate) || b.id - a.id;
    return a.endDate.localeCompare(b.endDate) || a.id - b.id;
  });
}

/** Challenges that still take a place among the member's open ones: joined, not met, not ended. */
export const isOpen = (v: ChallengeView) => v.joined && (v.state === 'open' || v.state === 'upcoming');
