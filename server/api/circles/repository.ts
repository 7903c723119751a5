import type { SqlExecutor } from '../../db/sql';
import { awardBadges, type AwardedBadge } from '../achievements/award';

export interface CircleRow {
  id: number;
  name: string;
  description: string;
  session_type: 'real_time' | 'asynchronous';
  focus_area: string;
  skill_level: string;
  max_participants: number;
  duration_min: number;
  scheduled_time: string | null;
  is_private: number;
  invite_code: string;
  template_id: number | null;
  creator_id: string | null;
  created_at: string;
  current_participants: number;
  is_member: number;
}

export interface TemplateRow {
  id: number;
  title: string;
  duration_sec: number;
  instructions_json: string;
}

export interface NewCircle {
  name: string;
  description: string;
  sessionType: 'real_time' | 'asynchronous';
  focusArea: string;
  skillLevel: string;
  maxParticipants: number;
  duration: number;
  scheduledTime: string | null;
  isPrivate: boolean;
  templateId: number | null;
  inviteCode: string;
}

export type JoinResult =
  | { kind: 'joined' | 'already'; circle: CircleRow; newBadges: AwardedBadge[] }
  | { kind: 'full' }
  | { kind: 'missing' };

// The first `?` is the caller: the member count and whether the caller belongs are read with the row.
const circleSelect = `SELECT c.*,
    (SELECT count(*) FROM circle_members m WHERE m.circle_id = c.id) AS current_participants,
    EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = ?) AS is_member
  FROM voice_circles c`;

const TEMPLATE_COLS = 'id, title, duration_sec, instructions_json';

/**
 * The join itself: one statement that adds the member only while a seat is free; the primary
 * key (circle, member) makes a second join a no-op. Run it with the circle locked (lockCircle).
 */
const JOIN = `INSERT INTO circle_members (circle_id, user_id, joined_at)
  SELECT c.id, ?, ? FROM voice_circles c
  WHERE c.id = ?
    AND (SELECT count(*) FROM circle_members m WHERE m.circle_id = c.id) < c.max_participants
  ON CONFLICT (circle_id, user_id) DO NOTHING`;

/**
 * Serialises joins of one circle. The count in JOIN alone is not enough on PostgreSQL: under
 * READ COMMITTED two transactions would both count 7 of 8 and both insert. Locking the circle's
 * row makes the second wait, and its next statement then sees the first one's member. SQLite
 * needs nothing: BEGIN IMMEDIATE already lets one writer in at a time. NO KEY UPDATE, so
 * inserts elsewhere that merely reference the circle (foreign keys) are not held up.
 */
async function lockCircle(tx: SqlExecutor, id: number): Promise<void> {
  if (tx.dialect === 'postgres')
    await tx.get('SELECT id FROM voice_circles WHERE id = ? FOR NO KEY UPDATE', [id]);
}

const one = (sql: SqlExecutor, id: number, me: string) =>
  sql.get<CircleRow>(`${circleSelect} WHERE c.id = ?`, [me, id]);

/**
 * Every SQL statement of voice circles. Session templates are read with our own small query
 * (the template area owns that table and its repository).
 */
export function createCirclesRepository(sql: SqlExecutor) {
  return {
    discover: (me: string) =>
      sql.all<CircleRow>(
        `${circleSelect}
        WHERE c.is_private = 0 OR c.creator_id = ?
          OR EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = ?)
        ORDER BY c.created_at DESC, c.id DESC LIMIT 100`,
        [me, me, me],
      ),
    // lower(): the same ASCII case-folding order in both databases (SQLite's NOCASE).
    mine: (me: string) =>
      sql.all<CircleRow>(
        `${circleSelect}
        WHERE EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = ?)
        ORDER BY lower(c.name), c.id`,
        [me, me],
      ),
    one: (id: number, me: string) => one(sql, id, me),
    /**
     * Creates the circle and makes its creator the first member, in one transaction; the
     * creator has joined a circle, so the join's badges apply.
     */
    create(me: string, c: NewCircle, at: string): Promise<{ circle: CircleRow; newBadges: AwardedBadge[] }> {
      return sql.transaction(async (tx) => {
        const created = await tx.get<{ id: number }>(
          `INSERT INTO voice_circles
            (name, description, session_type, focus_area, skill_level, max_participants, duration_min,
             scheduled_time, is_private, invite_code, template_id, creator_id, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          [
            c.name,
            c.description,
            c.sessionType,
            c.focusArea,
            c.skillLevel,
            c.maxParticipants,
            c.duration,
            c.scheduledTime,
            c.isPrivate ? 1 : 0,
            c.inviteCode,
            c.templateId,
            me,
            at,
          ],
        );
        const id = Number(created?.id);
        await tx.run(JOIN, [me, at, id]);
        const newBadges = await awardBadges(tx, me, 'circle-joined');
        return { circle: (await one(tx, id, me)) as CircleRow, newBadges };
      });
    },
    /** Exactly-once membership; 'full' when the circle has no seat left for a new member. */
    join(id: number, me: string, at: string): Promise<JoinResult> {
      return sql.transaction(async (tx): Promise<JoinResult> => {
        await lockCircle(tx, id);
        const inserted = (await tx.run(JOIN, [me, at, id])).changes === 1;
        const circle = await one(tx, id, me);
        if (!circle) return { kind: 'missing' };
        if (!inserted)
          return circle.is_member ? { kind: 'already', circle, newBadges: [] } : { kind: 'full' };
        const newBadges = await awardBadges(tx, me, 'circle-joined');
        return { kind: 'joined', circle, newBadges };
      });
    },
    leave: async (id: number, me: string) =>
      (await sql.run('DELETE FROM circle_members WHERE circle_id = ? AND user_id = ?', [id, me])).changes ===
      1,
    memberNames: (id: number) =>
      sql.all<{ id: string; first_name: string }>(
        `SELECT u.id, u.first_name FROM circle_members m JOIN users u ON u.id = m.user_id
        WHERE m.circle_id = ? ORDER BY m.joined_at, u.id`,
        [id],
      ),
    /** The circle's practice: its chosen template, or the shortest one when none was chosen. */
    async templateOf(circle: Pick<CircleRow, 'template_id'>): Promise<TemplateRow | undefined> {
      const chosen =
        circle.template_id === null
          ? undefined
          : await sql.get<TemplateRow>(`SELECT ${TEMPLATE_COLS} FROM session_templates WHERE id = ?`, [
              circle.template_id,
            ]);
      return (
        chosen ??
        (await sql.get<TemplateRow>(
          `SELECT ${TEMPLATE_COLS} FROM session_templates ORDER BY duration_sec, id LIMIT 1`,
        ))
      );
    },
    templateExists: async (id: number) =>
      Boolean(await sql.get('SELECT 1 AS found FROM session_templates WHERE id = ?', [id])),
    templates: () =>
      sql.all<{ id: number; title: string; duration_sec: number }>(
        'SELECT id, title, duration_sec FROM session_templates ORDER BY title, id',
      ),
    /** Records this week's practice once; false when it was already recorded. */
    practise: async (id: number, me: string, weekStart: string, at: string, tz: string) =>
      (
        await sql.run(
          `INSERT INTO circle_practices (circle_id, user_id, week_start, done_at, time_zone)
          VALUES (?, ?, ?, ?, ?) ON CONFLICT (circle_id, user_id, week_start) DO NOTHING`,
          [id, me, weekStart, at, tz],
        )
      ).changes === 1,
    practisedBy: (id: number, weekStart: string) =>
      sql.all<{ id: string; first_name: string }>(
        `SELECT u.id, u.first_name FROM circle_practices p JOIN users u ON u.id = p.user_id
        WHERE p.circle_id = ? AND p.week_start = ? ORDER BY p.done_at, u.id`,
        [id, weekStart],
      ),
    firstName: async (me: string) =>
      (await sql.get<{ first_name: string }>('SELECT first_name FROM users WHERE id = ?', [me]))
        ?.first_name ?? '',
  };
}

export type CirclesRepository = ReturnType<typeof createCirclesRepository>;
