import crypto from 'node:crypto';
import type { SqlExecutor } from '../db/sql';
import { seedLock } from './lock';

interface DemoCircle {
  name: string;
  description: string;
  sessionType: 'real_time' | 'asynchronous';
  focusArea: string;
  skillLevel: string;
  maxParticipants: number;
  duration: number;
  /** For live circles: days from the seeding day and the UTC hour of the first session. */
  first?: { inDays: number; hourUtc: number };
}

/** Demo circles: open to everyone, with no members yet, so a new member can join one at once. */
const DEMO_CIRCLES: DemoCircle[] = [
  {
    name: 'Evening wind-down',
    description: 'Hum and sigh the day away together: a gentle live half hour, cameras and mics stay off.',
    sessionType: 'real_time',
    focusArea: 'stress_relief',
    skillLevel: 'all',
    maxParticipants: 8,
    duration: 30,
    first: { inDays: 1, hourUtc: 19 },
  },
  {
    name: 'Speak up Tuesdays',
    description: 'Projection and steady breath for meetings and presentations, practised live each week.',
    sessionType: 'real_time',
    focusArea: 'professional',
    skillLevel: 'intermediate',
    maxParticipants: 6,
    duration: 20,
    first: { inDays: 2, hourUtc: 12 },
  },
  {
    name: 'First notes',
    description: 'New to using your voice? One short shared practice a week, at whatever time suits you.',
    sessionType: 'asynchronous',
    focusArea: 'confidence',
    skillLevel: 'beginner',
    maxParticipants: 12,
    duration: 15,
  },
  {
    name: 'Playful sounds',
    description: 'Sirens, trills and silly vowels: the weekly practice everyone does in their own time.',
    sessionType: 'asynchronous',
    focusArea: 'creativity',
    skillLevel: 'all',
    maxParticipants: 8,
    duration: 15,
  },
  {
    name: 'Open voice room',
    description: 'A mixed circle for any voice and any goal.',
    sessionType: 'asynchronous',
    focusArea: '',
    skillLevel: 'all',
    maxParticipants: 8,
    duration: 20,
  },
];

/**
 * Seeds the demo circles once, into an empty voice_circles table, in one transaction. Their
 * practice is left unset (template_id NULL): it resolves to the shortest session template
 * when read, whatever the template catalogue holds by then.
 */
export async function seedDemoCircles(sql: SqlExecutor, nowMs: number): Promise<number> {
  const today = new Date(nowMs);
  const at = (inDays: number, hourUtc: number) =>
    new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + inDays, hourUtc),
    ).toISOString();
  return sql.transaction(async (tx) => {
    // Counted under the seed lock, so two processes starting together cannot both insert.
    await seedLock(tx);
    const count = (await tx.get<{ n: number }>('SELECT count(*) AS n FROM voice_circles'))?.n ?? 0;
    if (count > 0) return 0;
    for (const [i, c] of DEMO_CIRCLES.entries()) {
      await tx.run(
        `INSERT INTO voice_circles
          (name, description, session_type, focus_area, skill_level, max_participants, duration_min,
           scheduled_time, is_private, invite_code, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
        [
          c.name,
          c.description,
          c.sessionType,
          c.focusArea,
          c.skillLevel,
          c.maxParticipants,
          c.duration,
          c.first ? at(c.first.inDays, c.first.hourUtc) : null,
          crypto.randomBytes(12).toString('base64url'),
          // Older first in "newest first" order, so a member's own new circle tops Discover.
          new Date(nowMs - (DEMO_CIRCLES.length - i) * 60_000).toISOString(),
        ],
      );
    }
    return DEMO_CIRCLES.length;
  });
}
