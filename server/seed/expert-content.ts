import type { SqlExecutor } from '../db/sql';
import { seedLock } from './lock';

/**
 * Demo expert classes and specialized programs. The experts are fictional people made up for
 * this demo (the UI labels them "Demo expert" and draws initials, never a photo). Every class
 * and program step points at a session of the demo catalogue (fixtures/catalogue.json), so a
 * member can really follow it in the player. Template steps can be added once templates are
 * seeded (program_items.template_id).
 */
interface Expert {
  slug: string;
  name: string;
  bio: string;
  color: string;
}
interface Klass {
  slug: string;
  expert: string;
  title: string;
  description: string;
  type: 'guided_session' | 'masterclass' | 'technique' | 'workshop';
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  premium: boolean;
  sessions: number[];
}
interface Program {
  slug: string;
  title: string;
  description: string;
  days: number;
  type: string;
  difficulty: 'beginner' | 'intermediate' | 'advanced';
  premium: boolean;
  sessions: number[];
}

const EXPERTS: Expert[] = [
  {
    slug: 'juniper-ashgrove',
    name: 'Juniper Ashgrove',
    color: '#5b7f6a',
    bio: 'A fictional voice teacher for this demo: twenty years of choir warm-ups and gentle breath work.',
  },
  {
    slug: 'orrin-calloway',
    name: 'Orrin Calloway',
    color: '#8a5a44',
    bio: 'A fictional speech coach for this demo, focused on steady, confident speaking under pressure.',
  },
  {
    slug: 'priya-lantern',
    name: 'Priya Lantern',
    color: '#6b5b95',
    bio: 'A fictional resonance specialist for this demo who teaches vowels, placement and tone colour.',
  },
  {
    slug: 'mateo-stillwater',
    name: 'Mateo Stillwater',
    color: '#3f6e8c',
    bio: 'A fictional sound-healing practitioner for this demo, working with hums, drones and rest.',
  },
  {
    slug: 'greta-fenwick',
    name: 'Greta Fenwick',
    color: '#a0522d',
    bio: 'A fictional performance coach for this demo who helps singers find focus on stage.',
  },
  {
    slug: 'sol-amarante',
    name: 'Sol Amarante',
    color: '#2e7d6b',
    bio: 'A fictional playful-voice facilitator for this demo: sirens, games and brave sounds.',
  },
];

const CLASSES: Klass[] = [
  {
    slug: 'breath-first',
    expert: 'juniper-ashgrove',
    title: 'Breath First: Waking the Voice',
    description: 'Start every practice with low, easy breath and a soft hum.',
    type: 'guided_session',
    difficulty: 'beginner',
    premium: false,
    sessions: [7, 12],
  },
  {
    slug: 'lip-trills-101',
    expert: 'juniper-ashgrove',
    title: 'Lip Trills 101',
    description: 'Why lip trills free the voice, and how to keep them even.',
    type: 'technique',
    difficulty: 'beginner',
    premium: false,
    sessions: [11, 23],
  },
  {
    slug: 'steady-under-pressure',
    expert: 'orrin-calloway',
    title: 'Steady Under Pressure',
    description: 'Grounding and breath pacing for speaking when the stakes are high.',
    type: 'masterclass',
    difficulty: 'intermediate',
    premium: true,
    sessions: [8, 14],
  },
  {
    slug: 'confident-call',
    expert: 'orrin-calloway',
    title: 'The Confident Call',
    description: 'Call-and-response drills that build a clear, carrying voice.',
    type: 'workshop',
    difficulty: 'intermediate',
    premium: false,
    sessions: [13, 21],
  },
  {
    slug: 'vowel-placement',
    expert: 'priya-lantern',
    title: 'Vowel Placement for a Steady Tone',
    description: 'Open, even vowels as the backbone of a steady voice.',
    type: 'technique',
    difficulty: 'intermediate',
    premium: false,
    sessions: [9, 18],
  },
  {
    slug: 'ee-and-oo',
    expert: 'priya-lantern',
    title: 'Resonance on EE and OO',
    description: 'Tuning bright and dark vowels to find your resonance.',
    type: 'masterclass',
    difficulty: 'advanced',
    premium: true,
    sessions: [20, 25],
  },
  {
    slug: 'healing-hum',
    expert: 'mateo-stillwater',
    title: 'The Healing Hum',
    description: 'Humming with a slow tide to settle the nervous system.',
    type: 'guided_session',
    difficulty: 'beginner',
    premium: false,
    sessions: [17, 26],
  },
  {
    slug: 'evening-wind-down',
    expert: 'mateo-stillwater',
    title: 'Evening Wind-Down',
    description: 'A quiet, low hum to close the day and prepare for sleep.',
    type: 'guided_session',
    difficulty: 'beginner',
    premium: false,
    sessions: [29, 6],
  },
  {
    slug: 'spotlight-calm',
    expert: 'greta-fenwick',
    title: 'Calm Under the Spotlight',
    description: 'Focus routines a performer uses in the minutes before stepping out.',
    type: 'masterclass',
    difficulty: 'advanced',
    premium: true,
    sessions: [22, 27],
  },
  {
    slug: 'scale-clarity',
    expert: 'greta-fenwick',
    title: 'Five-Note Clarity',
    description: 'Clean five-note scales and arpeggios for a focused tone.',
    type: 'technique',
    difficulty: 'intermediate',
    premium: false,
    sessions: [16, 15],
  },
  {
    slug: 'brave-sirens',
    expert: 'sol-amarante',
    title: 'Sirens for Brave Voices',
    description: 'Playful sirens that stretch your range without strain.',
    type: 'workshop',
    difficulty: 'beginner',
    premium: false,
    sessions: [10, 19, 28],
  },
  {
    slug: 'echo-games',
    expert: 'sol-amarante',
    title: 'Echo Games',
    description: 'Listening and answering games that make practice fun.',
    type: 'workshop',
    difficulty: 'intermediate',
    premium: false,
    sessions: [30, 24],
  },
];

const PROGRAMS: Program[] = [
  {
    slug: 'seven-day-voice-reset',
    title: '7-Day Voice Reset',
    description: 'One gentle session a day to wake up, free and steady your voice.',
    days: 7,
    type: 'foundations',
    difficulty: 'beginner',
    premium: false,
    sessions: [7, 11, 12, 10, 9, 17, 29],
  },
  {
    slug: 'stress-relief-14',
    title: '14 Days of Calm',
    description: 'Humming and breath work to lower everyday stress, every other day.',
    days: 14,
    type: 'stress_relief',
    difficulty: 'beginner',
    premium: false,
    sessions: [17, 26, 8, 29, 7, 6, 14],
  },
  {
    slug: 'confident-speaker-21',
    title: 'Confident Speaker in 21 Days',
    description: 'From grounded breath to a carrying call: build speaking confidence.',
    days: 21,
    type: 'confidence',
    difficulty: 'intermediate',
    premium: true,
    sessions: [8, 13, 9, 21, 14, 25, 22, 27],
  },
  {
    slug: 'resonance-30',
    title: 'Resonance Month',
    description: 'Thirty days of vowels, scales and resonance tuning for a richer tone.',
    days: 30,
    type: 'technique',
    difficulty: 'advanced',
    premium: true,
    sessions: [9, 18, 16, 20, 15, 24, 25, 30, 27, 20],
  },
];

export const DEMO_EXPERT_CONTENT = { experts: EXPERTS, classes: CLASSES, programs: PROGRAMS };

/**
 * Inserts the demo experts, classes and programs that are missing (matched by slug), also into
 * an existing database that predates them, in one transaction. Skipped while the catalogue
 * sessions they point at are not there yet. Returns the number of classes and programs added.
 */
export async function seedExpertContent(sql: SqlExecutor): Promise<number> {
  return sql.transaction(async (tx) => {
    await seedLock(tx);
    const rows = await tx.all<{ id: number }>('SELECT id FROM sessions');
    const ids = new Set(rows.map((r) => r.id));
    const needed = [...CLASSES, ...PROGRAMS].flatMap((x) => x.sessions);
    if (!needed.every((id) => ids.has(id))) return 0;
    let added = 0;
    for (const e of EXPERTS) {
      await tx.run(
        'INSERT INTO experts (slug, name, bio, avatar_color) VALUES (?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING',
        [e.slug, e.name, e.bio, e.color],
      );
    }
    for (const c of CLASSES) {
      const expert = await tx.get<{ id: number }>('SELECT id FROM experts WHERE slug = ?', [c.expert]);
      // The stored length is what the class holds (the API sums its items again on every read).
      const lengths = await tx.all<{ id: number; length_sec: number }>(
        `SELECT id, length_sec FROM sessions WHERE id IN (${c.sessions.map(() => '?').join(', ')})`,
        c.sessions,
      );
      const secondsOf = new Map(lengths.map((r) => [r.id, Number(r.length_sec)]));
      const total = c.sessions.reduce((n, id) => n + (secondsOf.get(id) ?? 0), 0);
      const minutes = Math.max(1, Math.round(total / 60));
      // RETURNING answers no row when the slug was there already: only a new class gets items.
      const klass = await tx.get<{ id: number }>(
        `INSERT INTO expert_classes
          (slug, expert_id, title, description, duration_min, content_type, difficulty, is_premium)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [c.slug, expert!.id, c.title, c.description, minutes, c.type, c.difficulty, c.premium ? 1 : 0],
      );
      if (!klass) continue;
      added++;
      for (const [i, sid] of c.sessions.entries()) {
        await tx.run('INSERT INTO expert_class_items (class_id, position, session_id) VALUES (?, ?, ?)', [
          klass.id,
          i,
          sid,
        ]);
      }
    }
    for (const p of PROGRAMS) {
      const program = await tx.get<{ id: number }>(
        `INSERT INTO programs (slug, title, description, duration_days, program_type, difficulty, is_premium)
          VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [p.slug, p.title, p.description, p.days, p.type, p.difficulty, p.premium ? 1 : 0],
      );
      if (!program) continue;
      added++;
      for (const [i, sid] of p.sessions.entries()) {
        await tx.run('INSERT INTO program_items (program_id, position, session_id) VALUES (?, ?, ?)', [
          program.id,
          i,
          sid,
        ]);
      }
    }
    return added;
  });
}
