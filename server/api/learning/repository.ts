import type { SqlExecutor } from '../../db/sql';

export interface ItemRow {
  owner_id: number;
  position: number;
  session_id: number | null;
  template_id: number | null;
  title: string | null;
  /** The session's or template's own length: a class or program is as long as these. */
  seconds: number | null;
}

export interface ClassRow {
  id: number;
  title: string;
  description: string;
  rating: number | null;
  content_type: string;
  difficulty: string;
  is_premium: number;
  expert_name: string;
  expert_bio: string;
  avatar_color: string;
  views: number;
}

export interface ProgramRow {
  id: number;
  title: string;
  description: string;
  duration_days: number;
  program_type: string;
  difficulty: string;
  is_premium: number;
  session_count: number;
  enrollment_count: number;
}

export interface EnrollmentRow {
  id: number;
  program_id: number;
  started_at: string;
  current_session_index: number;
  completed_at: string | null;
}

/** Title and length of a program or class item, from the catalogue session or the session template. */
const ITEM_TITLE = `coalesce(s.title, t.title) AS title, coalesce(s.length_sec, t.duration_sec) AS seconds`;

const PROGRAM = `SELECT p.*,
    (SELECT count(*) FROM program_items i WHERE i.program_id = p.id) AS session_count,
    (SELECT count(*) FROM program_enrollments en WHERE en.program_id = p.id) AS enrollment_count
  FROM programs p`;
const ENROLLMENT = `SELECT id, program_id, started_at, current_session_index, completed_at
  FROM program_enrollments`;

/** Every SQL statement of the expert content API. */
export function createLearningRepository(sql: SqlExecutor) {
  return {
    classes: () =>
      sql.all<ClassRow>(`SELECT c.id, c.title, c.description, c.rating, c.content_type,
          c.difficulty, c.is_premium, e.name AS expert_name, e.bio AS expert_bio, e.avatar_color,
          (SELECT count(*) FROM expert_class_views v WHERE v.class_id = c.id) AS views
        FROM expert_classes c JOIN experts e ON e.id = c.expert_id ORDER BY c.id`),
    classItems: () =>
      sql.all<ItemRow>(`SELECT i.class_id AS owner_id, i.position, i.session_id, i.template_id, ${ITEM_TITLE}
        FROM expert_class_items i LEFT JOIN sessions s ON s.id = i.session_id
        LEFT JOIN session_templates t ON t.id = i.template_id ORDER BY i.class_id, i.position`),
    /** Counts a member's view once (the (class, member) key); null when there is no such class. */
    async view(classId: number, userId: string, at: string): Promise<number | null> {
      if (!(await sql.get('SELECT 1 AS one FROM expert_classes WHERE id = ?', [classId]))) return null;
      await sql.run(
        'INSERT INTO expert_class_views (class_id, user_id, viewed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [classId, userId, at],
      );
      const row = await sql.get<{ n: number }>(
        'SELECT count(*) AS n FROM expert_class_views WHERE class_id = ?',
        [classId],
      );
      return Number(row?.n ?? 0);
    },
    programs: () => sql.all<ProgramRow>(`${PROGRAM} ORDER BY p.id`),
    program: async (id: number) => (await sql.get<ProgramRow>(`${PROGRAM} WHERE p.id = ?`, [id])) ?? null,
    programItems: () =>
      sql.all<ItemRow>(`SELECT i.program_id AS owner_id, i.position, i.session_id, i.template_id, ${ITEM_TITLE}
        FROM program_items i LEFT JOIN sessions s ON s.id = i.session_id
        LEFT JOIN session_templates t ON t.id = i.template_id ORDER BY i.program_id, i.position`),
    enrollments: (userId: string) =>
      sql.all<EnrollmentRow>(`${ENROLLMENT} WHERE user_id = ? ORDER BY started_at DESC, id DESC`, [userId]),
    /** Idempotent: the UNIQUE (user, program) key makes a second enrol the same enrollment. */
    async enroll(
      userId: string,
      programId: number,
      at: string,
    ): Promise<{ row: EnrollmentRow; created: boolean }> {
      const inserted = await sql.get<EnrollmentRow>(
        `INSERT INTO program_enrollments (user_id, program_id, started_at) VALUES (?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING id, program_id, started_at, current_session_index, completed_at`,
        [userId, programId, at],
      );
      if (inserted) return { row: inserted, created: true };
      const row = await sql.get<EnrollmentRow>(`${ENROLLMENT} WHERE user_id = ? AND program_id = ?`, [
        userId,
        programId,
      ]);
      return { row: row!, created: false };
    },
    unenroll: async (userId: string, programId: number) =>
      (
        await sql.run('DELETE FROM program_enrollments WHERE user_id = ? AND program_id = ?', [
          userId,
          programId,
        ])
      ).changes === 1,
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
