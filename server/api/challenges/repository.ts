import type { SqlExecutor } from '../../db/sql';
import type { ChallengeFocus, ChallengeMeasure } from '../../../src/domain/challenges';
import { lockMember, MEMBER_LOCK } from '../../db/sql/member-lock';

/** A challenge as one member sees it: the row, its circle, its creator, and whether they took it on. */
export interface ChallengeRow {
  id: number;
  creator_id: string | null;
  circle_id: number | null;
  name: string;
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  start_date: string;
  end_date: string;
  created_at: string;
  circle_name: string | null;
  /** The circle's owner (its creator), who may delete any of its challenges. */
  circle_owner: string | null;
  creator_name: string | null;
  joiners: number;
  /** 1 when the member took it on. */
  joined: number;
  /** 1 when the member belongs to its circle (always 0 for a challenge of one's own). */
  in_circle: number;
}

export interface CircleOfMember {
  id: number;
  name: string;
  is_private: number;
  creator_id: string | null;
  is_member: number;
}

export interface NewChallenge {
  creatorId: string;
  circleId: number | null;
  name: string;
  measure: ChallengeMeasure;
  target: number;
  focus: ChallengeFocus | null;
  startDate: string;
  endDate: string;
  at: string;
}

/** Every read names the member twice: for "joined" and for "in its circle". */
const SELECT = `SELECT ch.id, ch.creator_id, ch.circle_id, ch.name, ch.measure, ch.target, ch.focus,
    ch.start_date, ch.end_date, ch.created_at, vc.name AS circle_name, vc.creator_id AS circle_owner,
    u.first_name AS creator_name,
    (SELECT count(*) FROM challenge_members m2 WHERE m2.challenge_id = ch.id) AS joiners,
    CASE WHEN EXISTS (SELECT 1 FROM challenge_members m WHERE m.challenge_id = ch.id AND m.user_id = ?)
      THEN 1 ELSE 0 END AS joined,
    CASE WHEN EXISTS (SELECT 1 FROM circle_members cm WHERE cm.circle_id = ch.circle_id AND cm.user_id = ?)
      THEN 1 ELSE 0 END AS in_circle
  FROM challenges ch
  LEFT JOIN voice_circles vc ON vc.id = ch.circle_id
  LEFT JOIN users u ON u.id = ch.creator_id`;

/**
 * Who may read a challenge: one's own (taken on, no circle), or any challenge of a circle one
 * belongs to. A member who left a circle no longer sees its challenges (their joins wait, and
 * come back if they join the circle again).
 */
const VISIBLE = `((ch.circle_id IS NULL AND joined = 1) OR (ch.circle_id IS NOT NULL AND in_circle = 1))`;

const normalise = (r: ChallengeRow): ChallengeRow => ({
  ...r,
  id: Number(r.id),
  circle_id: r.circle_id === null ? null : Number(r.circle_id),
  target: Number(r.target),
  joiners: Number(r.joiners),
  joined: Number(r.joined),
  in_circle: Number(r.in_circle),
});

export function createChallengeRepository(sql: SqlExecutor) {
  const read = async (db: SqlExecutor, where: string, me: string, params: (string | number)[]) =>
    (
      await db.all<ChallengeRow>(
        `SELECT * FROM (${SELECT}) ch WHERE ${VISIBLE} AND ${where} ORDER BY ch.end_date, ch.id`,
        [me, me, ...params],
      )
    ).map(normalise);

  return {
    /** The challenges the member took on and may still see, oldest end first. */
    mine: (me: string, db: SqlExecutor = sql) => read(db, 'ch.joined = 1', me, []),

    /** One challenge the member may see, or null (unknown, or not theirs to read). */
    one: async (id: number, me: string, db: SqlExecutor = sql) =>
      (await read(db, 'ch.id = ?', me, [id]))[0] ?? null,

    /** A circle's challenges that have not ended by `today` (upcoming ones too). */
    ofCircle: (circleId: number, me: string, today: string) =>
      read(sql, 'ch.circle_id = ? AND ch.end_date >= ?', me, [circleId, today]),

    /** The circle as the member stands to it, or null when there is none. */
    circle: async (circleId: number, me: string, db: SqlExecutor = sql) => {
      const row = await db.get<CircleOfMember>(
        `SELECT c.id, c.name, c.is_private, c.creator_id,
           CASE WHEN EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = ?)
             THEN 1 ELSE 0 END AS is_member
         FROM voice_circles c WHERE c.id = ?`,
        [me, circleId],
      );
      return row
        ? { ...row, id: Number(row.id), is_private: Number(row.is_private), is_member: Number(row.is_member) }
        : null;
    },

    /**
     * Serialises one member's challenge writes, so "at most N open" holds under two processes:
     * PostgreSQL takes a lock per member for the transaction (READ COMMITTED would let two
     * counts pass at once); SQLite's BEGIN IMMEDIATE already keeps every other writer out.
     */
    async lockMember(tx: SqlExecutor, me: string): Promise<void> {
      await lockMember(tx, MEMBER_LOCK.challenges, me);
    },

    /** Writes a challenge and its creator's place in it; returns its id. Inside the caller's transaction. */
    async create(tx: SqlExecutor, n: NewChallenge): Promise<number> {
      const row = await tx.get<{ id: number }>(
        `INSERT INTO challenges (creator_id, circle_id, name, measure, target, focus, start_date, end_date, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
        [n.creatorId, n.circleId, n.name, n.measure, n.target, n.focus, n.startDate, n.endDate, n.at],
      );
      const id = Number(row?.id);
      await tx.run('INSERT INTO challenge_members (challenge_id, user_id, joined_at) VALUES (?, ?, ?)', [
        id,
        n.creatorId,
        n.at,
      ]);
      return id;
    },

    /** True when this call added the member (the primary key decides; a second join adds nothing). */
    async join(tx: SqlExecutor, id: number, me: string, at: string): Promise<boolean> {
      const added = await tx.get(
        `INSERT INTO challenge_members (challenge_id, user_id, joined_at) VALUES (?, ?, ?)
         ON CONFLICT (challenge_id, user_id) DO NOTHING RETURNING challenge_id`,
        [id, me, at],
      );
      return added !== undefined;
    },

    leave: (tx: SqlExecutor, id: number, me: string) =>
      tx.run('DELETE FROM challenge_members WHERE challenge_id = ? AND user_id = ?', [id, me]),

    /** Deletes the challenge for everyone (their joins go with it). */
    remove: (tx: SqlExecutor, id: number) => tx.run('DELETE FROM challenges WHERE id = ?', [id]),
  };
}

export type ChallengeRepository = ReturnType<typeof createChallengeRepository>;
