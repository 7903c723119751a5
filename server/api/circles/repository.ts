import type { DB } from '../../db/open';

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
  { kind: 'joined' | 'already'; circle: CircleRow } | { kind: 'full' } | { kind: 'missing' };

// `?` is the caller: the member count and whether the caller belongs are read with the row.
const circleSelect = `SELECT c.*,
    (SELECT count(*) FROM circle_members m WHERE m.circle_id = c.id) AS current_participants,
    EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = @me) AS is_member
  FROM voice_circles c`;

/**
 * Every SQL statement of voice circles, prepared once per app. Session templates are read with
 * our own small query (the template area owns that table and its repository).
 */
export function createCirclesRepository(db: DB) {
  const s = {
    discover: db.prepare(`${circleSelect}
      WHERE c.is_private = 0 OR c.creator_id = @me
        OR EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = @me)
      ORDER BY c.created_at DESC, c.id DESC LIMIT 100`),
    mine: db.prepare(`${circleSelect}
      WHERE EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = @me)
      ORDER BY c.name COLLATE NOCASE, c.id`),
    one: db.prepare(`${circleSelect} WHERE c.id = @id`),
    insert: db.prepare(`INSERT INTO voice_circles
      (name, description, session_type, focus_area, skill_level, max_participants, duration_min,
       scheduled_time, is_private, invite_code, template_id, creator_id, created_at)
      VALUES (@name, @description, @sessionType, @focusArea, @skillLevel, @maxParticipants, @duration,
       @scheduledTime, @isPrivate, @inviteCode, @templateId, @creatorId, @createdAt)`),
    // The capacity check and the insert are one statement inside a write transaction, so
    // concurrent joins cannot overfill a circle; the primary key makes a second join a no-op.
    join: db.prepare(`INSERT OR IGNORE INTO circle_members (circle_id, user_id, joined_at)
      SELECT c.id, @me, @at FROM voice_circles c
      WHERE c.id = @id
        AND (SELECT count(*) FROM circle_members m WHERE m.circle_id = c.id) < c.max_participants`),
    leave: db.prepare('DELETE FROM circle_members WHERE circle_id = ? AND user_id = ?'),
    isMember: db.prepare('SELECT 1 FROM circle_members WHERE circle_id = ? AND user_id = ?'),
    memberNames: db.prepare(`SELECT u.id, u.first_name FROM circle_members m JOIN users u ON u.id = m.user_id
      WHERE m.circle_id = ? ORDER BY m.joined_at, u.id`),
    template: db.prepare(
      'SELECT id, title, duration_sec, instructions_json FROM session_templates WHERE id = ?',
    ),
    shortestTemplate: db.prepare(`SELECT id, title, duration_sec, instructions_json FROM session_templates
      ORDER BY duration_sec, id LIMIT 1`),
    templates: db.prepare('SELECT id, title, duration_sec FROM session_templates ORDER BY title, id'),
    practise:
      db.prepare(`INSERT OR IGNORE INTO circle_practices (circle_id, user_id, week_start, done_at, time_zone)
      VALUES (?, ?, ?, ?, ?)`),
    practisedBy:
      db.prepare(`SELECT u.id, u.first_name FROM circle_practices p JOIN users u ON u.id = p.user_id
      WHERE p.circle_id = ? AND p.week_start = ? ORDER BY p.done_at, u.id`),
    firstName: db.prepare('SELECT first_name FROM users WHERE id = ?'),
  };

  const one = (id: number, me: string) => s.one.get({ id, me }) as CircleRow | undefined;

  return {
    discover: (me: string) => s.discover.all({ me }) as CircleRow[],
    mine: (me: string) => s.mine.all({ me }) as CircleRow[],
    one,
    /**
     * Creates the circle and makes its creator the first member, in one transaction; the
     * creator has joined a circle, so the route awards the join's badges (TRANSITION: after
     * the commit, as awardBadges is async on deps.sql now; inside the transaction once this
     * repository is converted).
     */
    create(me: string, c: NewCircle, at: string): { circle: CircleRow } {
      return db
        .transaction(() => {
          const id = Number(
            s.insert.run({
              ...c,
              isPrivate: c.isPrivate ? 1 : 0,
              creatorId: me,
              createdAt: at,
            }).lastInsertRowid,
          );
          s.join.run({ id, me, at });
          return { circle: one(id, me) as CircleRow };
        })
        .immediate();
    },
    /** Exactly-once membership; 'full' when the circle has no seat left for a new member. */
    join(id: number, me: string, at: string): JoinResult {
      return db
        .transaction((): JoinResult => {
          if (s.isMember.get(id, me)) return { kind: 'already', circle: one(id, me) as CircleRow };
          const inserted = s.join.run({ id, me, at }).changes === 1;
          if (!inserted) return one(id, me) ? { kind: 'full' } : { kind: 'missing' };
          return { kind: 'joined', circle: one(id, me) as CircleRow };
        })
        .immediate();
    },
    leave: (id: number, me: string) => s.leave.run(id, me).changes === 1,
    isMember: (id: number, me: string) => Boolean(s.isMember.get(id, me)),
    memberNames: (id: number) => s.memberNames.all(id) as { id: string; first_name: string }[],
    /** The circle's practice: its chosen template, or the shortest one when none was chosen. */
    templateOf(circle: Pick<CircleRow, 'template_id'>): TemplateRow | undefined {
      const chosen = circle.template_id === null ? undefined : s.template.get(circle.template_id);
      return (chosen ?? s.shortestTemplate.get()) as TemplateRow | undefined;
    },
    templateExists: (id: number) => Boolean(s.template.get(id)),
    templates: () => s.templates.all() as { id: number; title: string; duration_sec: number }[],
    /** Records this week's practice once; false when it was already recorded. */
    practise: (id: number, me: string, weekStart: string, at: string, tz: string) =>
      s.practise.run(id, me, weekStart, at, tz).changes === 1,
    practisedBy: (id: number, weekStart: string) =>
      s.practisedBy.all(id, weekStart) as { id: string; first_name: string }[],
    firstName: (me: string) => (s.firstName.get(me) as { first_name: string } | undefined)?.first_name ?? '',
  };
}

export type CirclesRepository = ReturnType<typeof createCirclesRepository>;
