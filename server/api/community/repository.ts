import type { SqlExecutor } from '../../db/sql';
import { awardBadges, type AwardedBadge } from '../achievements/award';

export interface PulseRow {
  id: number;
  first_name: string;
  /** The author's privacy choice (users.pulse_identity); 'hidden' rows are never selected. */
  pulse_identity: string;
  session_id: number;
  session_title: string;
  completed_at: string;
  echoes: number;
  skill_level: string | null;
}

export interface ReflectionRow {
  id: number;
  reflection_text: string;
  first_name: string;
  pulse_identity: string;
  anonymous: number;
  /** What was reflected on: a catalogue session, or a template session (issue 20). */
  kind: ReflectionKind;
  /** The session's id, or the template's for `kind: 'template'` (as in the completed list). */
  session_id: number;
  session_title: string;
  echoes: number;
  created_at: string;
}

export type ReflectionKind = 'catalogue' | 'template';

export interface EchoResult {
  echoes: number;
  newBadges: AwardedBadge[];
}

export interface MostEchoedRow {
  id: number;
  title: string;
  echoes: number;
  category: string;
  skill_level: string;
}

// A reflection points at exactly one of a catalogue session or a template (migration 0117).
const reflectionSelect = `SELECT r.id, r.reflection_text, u.first_name, u.pulse_identity, r.anonymous,
    CASE WHEN r.template_id IS NULL THEN 'catalogue' ELSE 'template' END AS kind,
    coalesce(r.session_id, r.template_id) AS session_id,
    coalesce(s.title, t.title) AS session_title, r.created_at,
    (SELECT count(*) FROM reflection_echoes e WHERE e.reflection_id = r.id) AS echoes
  FROM reflections r JOIN users u ON u.id = r.user_id
    LEFT JOIN sessions s ON s.id = r.session_id
    LEFT JOIN session_templates t ON t.id = r.template_id`;

const ECHO_COUNT = {
  reflection: 'SELECT count(*) AS n FROM reflection_echoes WHERE reflection_id = ?',
  completion: 'SELECT count(*) AS n FROM completion_echoes WHERE completion_id = ?',
};

/**
 * Every SQL statement of the community API. The writes take the executor to run on (`deps.sql`,
 * or the transaction of the Idempotency-Key that wraps them), so they join its transaction.
 */
export function createCommunityRepository(sql: SqlExecutor) {
  /** One echo per member: the primary key (member, item) makes a second one change nothing. */
  async function echo(
    on: SqlExecutor,
    kind: 'reflection' | 'completion',
    exists: string,
    userId: string,
    id: number,
    at: string,
  ): Promise<EchoResult | null> {
    return on.transaction(async (tx) => {
      if (!(await tx.get(exists, [id]))) return null;
      const added =
        (
          await tx.run(
            `INSERT INTO ${kind}_echoes (user_id, ${kind}_id, created_at) VALUES (?, ?, ?)
            ON CONFLICT (user_id, ${kind}_id) DO NOTHING`,
            [userId, id, at],
          )
        ).changes === 1;
      const newBadges = added ? await awardBadges(tx, userId, 'echo', new Date(at)) : [];
      const count = await tx.get<{ n: number }>(ECHO_COUNT[kind], [id]);
      return { echoes: count?.n ?? 0, newBadges };
    });
  }

  return {
    pulse: (limit: number) =>
      sql.all<PulseRow>(
        `SELECT c.id, u.first_name, u.pulse_identity, c.session_id, c.title AS session_title, c.completed_at,
          s.skill_level,
          (SELECT count(*) FROM completion_echoes e WHERE e.completion_id = c.id) AS echoes
        FROM session_completions c JOIN users u ON u.id = c.user_id LEFT JOIN sessions s ON s.id = c.session_id
        WHERE u.pulse_identity <> 'hidden'
        ORDER BY c.completed_at DESC, c.id DESC LIMIT ?`,
        [limit],
      ),
    mostEchoed: () =>
      sql.all<MostEchoedRow>(
        `SELECT s.id, s.title, count(*) AS echoes, s.category, s.skill_level
        FROM session_echoes e JOIN sessions s ON s.id = e.session_id
        GROUP BY s.id, s.title, s.category, s.skill_level ORDER BY echoes DESC, s.id DESC LIMIT 50`,
      ),
    sharedReflections: (limit: number) =>
      sql.all<ReflectionRow>(
        `${reflectionSelect} WHERE r.shared = 1 ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
        [limit],
      ),
    sharedReflectionsOf: (userId: string, limit: number) =>
      sql.all<ReflectionRow>(
        `${reflectionSelect} WHERE r.shared = 1 AND r.user_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
        [userId, limit],
      ),
    /**
     * A session of the member's practice ledger, of either kind (the picker lists the same
     * entries). A template practised only in part is not a completed session.
     */
    hasCompleted: async (userId: string, kind: ReflectionKind, itemId: number) =>
      Boolean(
        await sql.get(
          `SELECT 1 AS found FROM practice_ledger
           WHERE user_id = ? AND kind = ? AND item_id = ? AND counted = 1 LIMIT 1`,
          [userId, kind, itemId],
        ),
      ),
    /** Inserts a shared reflection and returns it as listed. */
    shareReflection(
      on: SqlExecutor,
      userId: string,
      target: { kind: ReflectionKind; id: number },
      text: string,
      anonymous: boolean,
      at: string,
    ): Promise<{ row: ReflectionRow; newBadges: AwardedBadge[] }> {
      const column = target.kind === 'template' ? 'template_id' : 'session_id';
      return on.transaction(async (tx) => {
        const created = await tx.get<{ id: number }>(
          `INSERT INTO reflections (user_id, ${column}, reflection_text, created_at, shared, anonymous)
          VALUES (?, ?, ?, ?, 1, ?) RETURNING id`,
          [userId, target.id, text, at, anonymous ? 1 : 0],
        );
        const newBadges = await awardBadges(tx, userId, 'reflection-shared', new Date(at));
        const row = await tx.get<ReflectionRow>(`${reflectionSelect} WHERE r.id = ?`, [created?.id]);
        return { row: row as ReflectionRow, newBadges };
      });
    },
    /** Idempotent per member; null when there is no shared reflection with this id. */
    echoReflection: (on: SqlExecutor, userId: string, id: number, at: string) =>
      echo(
        on,
        'reflection',
        'SELECT 1 AS found FROM reflections WHERE id = ? AND shared = 1',
        userId,
        id,
        at,
      ),
    /**
     * Idempotent per member; null when there is no completion with this id. A hidden member's
     * completion is not in the pulse, so it cannot be echoed either.
     */
    echoCompletion: (on: SqlExecutor, userId: string, id: number, at: string) =>
      echo(
        on,
        'completion',
        `SELECT 1 AS found FROM session_completions c JOIN users u ON u.id = c.user_id
        WHERE c.id = ? AND u.pulse_identity <> 'hidden'`,
        userId,
        id,
        at,
      ),
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
