import type { DB } from '../../db/open';

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
  session_id: number;
  session_title: string;
  echoes: number;
  created_at: string;
}

export interface EchoResult {
  echoes: number;
  /** TRANSITION: the route awards badges on its transaction when this echo was new. */
  added: boolean;
}

export interface MostEchoedRow {
  id: number;
  title: string;
  echoes: number;
  category: string;
  skill_level: string;
}

const reflectionSelect = `SELECT r.id, r.reflection_text, u.first_name, u.pulse_identity, r.anonymous, r.session_id,
    s.title AS session_title, r.created_at,
    (SELECT count(*) FROM reflection_echoes e WHERE e.reflection_id = r.id) AS echoes
  FROM reflections r JOIN users u ON u.id = r.user_id JOIN sessions s ON s.id = r.session_id`;

/** Every SQL statement of the community API, prepared once per app. */
export function createCommunityRepository(db: DB) {
  const s = {
    pulse:
      db.prepare(`SELECT c.id, u.first_name, u.pulse_identity, c.session_id, c.title AS session_title, c.completed_at,
        s.skill_level,
        (SELECT count(*) FROM completion_echoes e WHERE e.completion_id = c.id) AS echoes
      FROM session_completions c JOIN users u ON u.id = c.user_id LEFT JOIN sessions s ON s.id = c.session_id
      WHERE u.pulse_identity <> 'hidden'
      ORDER BY c.completed_at DESC, c.id DESC LIMIT ?`),
    mostEchoed: db.prepare(`SELECT s.id, s.title, count(*) AS echoes, s.category, s.skill_level
      FROM session_echoes e JOIN sessions s ON s.id = e.session_id
      GROUP BY s.id ORDER BY echoes DESC, s.id DESC LIMIT 50`),
    shared: db.prepare(
      `${reflectionSelect} WHERE r.shared = 1 ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
    ),
    sharedOf: db.prepare(
      `${reflectionSelect} WHERE r.shared = 1 AND r.user_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
    ),
    reflection: db.prepare(`${reflectionSelect} WHERE r.id = ?`),
    hasCompleted: db.prepare(
      'SELECT 1 FROM session_completions WHERE user_id = ? AND session_id = ? LIMIT 1',
    ),
    insertReflection:
      db.prepare(`INSERT INTO reflections (user_id, session_id, reflection_text, created_at, shared, anonymous)
      VALUES (?, ?, ?, ?, 1, ?)`),
    sharedExists: db.prepare('SELECT 1 FROM reflections WHERE id = ? AND shared = 1'),
    echoReflection: db.prepare(
      'INSERT OR IGNORE INTO reflection_echoes (user_id, reflection_id, created_at) VALUES (?, ?, ?)',
    ),
    reflectionEchoes: db.prepare('SELECT count(*) AS n FROM reflection_echoes WHERE reflection_id = ?'),
    // A hidden member's completion is not in the pulse, so it cannot be echoed either.
    completionExists: db.prepare(
      "SELECT 1 FROM session_completions c JOIN users u ON u.id = c.user_id WHERE c.id = ? AND u.pulse_identity <> 'hidden'",
    ),
    echoCompletion: db.prepare(
      'INSERT OR IGNORE INTO completion_echoes (user_id, completion_id, created_at) VALUES (?, ?, ?)',
    ),
    completionEchoes: db.prepare('SELECT count(*) AS n FROM completion_echoes WHERE completion_id = ?'),
  };

  return {
    pulse: (limit: number) => s.pulse.all(limit) as PulseRow[],
    mostEchoed: () => s.mostEchoed.all() as MostEchoedRow[],
    sharedReflections: (limit: number) => s.shared.all(limit) as ReflectionRow[],
    sharedReflectionsOf: (userId: string, limit: number) => s.sharedOf.all(userId, limit) as ReflectionRow[],
    hasCompleted: (userId: string, sessionId: number) => Boolean(s.hasCompleted.get(userId, sessionId)),
    /** Inserts a shared reflection and returns it as listed. */
    shareReflection(userId: string, sessionId: number, text: string, anonymous: boolean, at: string) {
      return db.transaction(() => {
        const id = Number(
          s.insertReflection.run(userId, sessionId, text, at, anonymous ? 1 : 0).lastInsertRowid,
        );
        return { row: s.reflection.get(id) as ReflectionRow };
      })();
    },
    /** Idempotent per member; null when there is no shared reflection with this id. */
    echoReflection(userId: string, id: number, at: string): EchoResult | null {
      return db.transaction(() => {
        if (!s.sharedExists.get(id)) return null;
        const added = s.echoReflection.run(userId, id, at).changes === 1;
        return { echoes: (s.reflectionEchoes.get(id) as { n: number }).n, added };
      })();
    },
    /** Idempotent per member; null when there is no completion with this id. */
    echoCompletion(userId: string, id: number, at: string): EchoResult | null {
      return db.transaction(() => {
        if (!s.completionExists.get(id)) return null;
        const added = s.echoCompletion.run(userId, id, at).changes === 1;
        return { echoes: (s.completionEchoes.get(id) as { n: number }).n, added };
      })();
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
