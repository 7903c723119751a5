import type { DB } from '../../db/open';

export interface ItemRow {
  owner_id: number;
  position: number;
  session_id: number | null;
  template_id: number | null;
  title: string | null;
}

export interface ClassRow {
  id: number;
  title: string;
  description: string;
  duration_min: number;
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

/** Title of a program or class item, from the catalogue session or the session template. */
const ITEM_TITLE = `coalesce(s.title, t.title) AS title`;

/** Every SQL statement of the expert content API, prepared once per app. */
export function createLearningRepository(db: DB) {
  const s = {
    classes: db.prepare(`SELECT c.id, c.title, c.description, c.duration_min, c.rating, c.content_type,
        c.difficulty, c.is_premium, e.name AS expert_name, e.bio AS expert_bio, e.avatar_color,
        (SELECT count(*) FROM expert_class_views v WHERE v.class_id = c.id) AS views
      FROM expert_classes c JOIN experts e ON e.id = c.expert_id ORDER BY c.id`),
    classItems:
      db.prepare(`SELECT i.class_id AS owner_id, i.position, i.session_id, i.template_id, ${ITEM_TITLE}
      FROM expert_class_items i LEFT JOIN sessions s ON s.id = i.session_id
      LEFT JOIN session_templates t ON t.id = i.template_id ORDER BY i.class_id, i.position`),
    classExists: db.prepare('SELECT 1 FROM expert_classes WHERE id = ?'),
    view: db.prepare(
      'INSERT OR IGNORE INTO expert_class_views (class_id, user_id, viewed_at) VALUES (?, ?, ?)',
    ),
    views: db.prepare('SELECT count(*) AS n FROM expert_class_views WHERE class_id = ?'),
    programs: db.prepare(`SELECT p.*,
        (SELECT count(*) FROM program_items i WHERE i.program_id = p.id) AS session_count,
        (SELECT count(*) FROM program_enrollments en WHERE en.program_id = p.id) AS enrollment_count
      FROM programs p ORDER BY p.id`),
    program: db.prepare(`SELECT p.*,
        (SELECT count(*) FROM program_items i WHERE i.program_id = p.id) AS session_count,
        (SELECT count(*) FROM program_enrollments en WHERE en.program_id = p.id) AS enrollment_count
      FROM programs p WHERE p.id = ?`),
    programItems:
      db.prepare(`SELECT i.program_id AS owner_id, i.position, i.session_id, i.template_id, ${ITEM_TITLE}
      FROM program_items i LEFT JOIN sessions s ON s.id = i.session_id
      LEFT JOIN session_templates t ON t.id = i.template_id ORDER BY i.program_id, i.position`),
    enrollments: db.prepare(`SELECT id, program_id, started_at, current_session_index, completed_at
      FROM program_enrollments WHERE user_id = ? ORDER BY started_at DESC, id DESC`),
    enrollment: db.prepare(`SELECT id, program_id, started_at, current_session_index, completed_at
      FROM program_enrollments WHERE user_id = ? AND program_id = ?`),
    enroll: db.prepare(`INSERT OR IGNORE INTO program_enrollments (user_id, program_id, started_at)
      VALUES (?, ?, ?)`),
    unenroll: db.prepare('DELETE FROM program_enrollments WHERE user_id = ? AND program_id = ?'),
  };

  return {
    classes: () => s.classes.all() as ClassRow[],
    classItems: () => s.classItems.all() as ItemRow[],
    /** Counts a member's view once; null when there is no such class. */
    view(classId: number, userId: string, at: string): number | null {
      return db.transaction(() => {
        if (!s.classExists.get(classId)) return null;
        s.view.run(classId, userId, at);
        return (s.views.get(classId) as { n: number }).n;
      })();
    },
    programs: () => s.programs.all() as ProgramRow[],
    program: (id: number) => (s.program.get(id) as ProgramRow | undefined) ?? null,
    programItems: () => s.programItems.all() as ItemRow[],
    enrollments: (userId: string) => s.enrollments.all(userId) as EnrollmentRow[],
    /** Idempotent: the UNIQUE (user, program) key makes a second enrol the same enrollment. */
    enroll(userId: string, programId: number, at: string): { row: EnrollmentRow; created: boolean } {
      return db.transaction(() => {
        const created = s.enroll.run(userId, programId, at).changes === 1;
        return { row: s.enrollment.get(userId, programId) as EnrollmentRow, created };
      })();
    },
    unenroll: (userId: string, programId: number) => s.unenroll.run(userId, programId).changes === 1,
  };
}

export type LearningRepository = ReturnType<typeof createLearningRepository>;
