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
  /**
   * For live circles: the weekday (0 Sunday … 6 Saturday) and UTC hour of the weekly session.
   * A name may only promise what every member sees in their own zone: 10:00 UTC is the same
   * weekday from UTC-10 (Hawaii) to UTC+13:59 (New Zealand's summer, Tonga), so a circle named
   * for a day meets at that hour (only UTC-11 and UTC+14, a few islands, see the next day or
   * the one before). No name promises a time of day ("evening"): one instant is evening in one
   * place and night or morning in another.
   */
  weekly?: { weekday: number; hourUtc: number };
}

/** Demo circles: open to everyone, with no members yet, so a new member can join one at once. */
const DEMO_CIRCLES: DemoCircle[] = [
  {
    name: 'Hum and sigh together',
    description: 'Hum and sigh the week away together: a gentle live half hour, cameras and mics stay off.',
    sessionType: 'real_time',
    focusArea: 'stress_relief',
    skillLevel: 'all',
    maxParticipants: 8,
    duration: 30,
    weekly: { weekday: 4, hourUtc: 19 },
  },
  {
    name: 'Speak up Tuesdays',
    description: 'Projection and steady breath for meetings and presentations, practised live each week.',
    sessionType: 'real_time',
    focusArea: 'professional',
    skillLevel: 'intermediate',
    maxParticipants: 6,
    duration: 20,
    weekly: { weekday: 2, hourUtc: 10 },
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
 * Demo circles an earlier version seeded under another name (matched by their old name and
 * description and no creator, so a member's own circle is never touched).
 */
const RENAMED = [
  {
    from: 'Evening wind-down',
    fromDescription:
      'Hum and sigh the day away together: a gentle live half hour, cameras and mics stay off.',
    to: 'Hum and sigh together',
  },
];

/** The first `weekday` at `hourUtc` that is more than a day after `nowMs`. */
export function firstWeekly(nowMs: number, weekly: { weekday: number; hourUtc: number }): string {
  const today = new Date(nowMs);
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), weekly.hourUtc);
  let ahead = (weekly.weekday - today.getUTCDay() + 7) % 7;
  if (base + ahead * 86_400_000 <= nowMs + 86_400_000) ahead += 7;
  return new Date(base + ahead * 86_400_000).toISOString();
}

/**
 * Seeds the demo circles once, into an empty voice_circles table, in one transaction. Their
 * practice is left unset (template_id NULL): it resolves to the shortest session template
 * when read, whatever the template catalogue holds by then. A table seeded by an earlier
 * version has its demo circles' names and weekly times put right instead.
 */
export async function seedDemoCircles(sql: SqlExecutor, nowMs: number): Promise<number> {
  return sql.transaction(async (tx) => {
    // Counted under the seed lock, so two processes starting together cannot both insert.
    await seedLock(tx);
    const count = (await tx.get<{ n: number }>('SELECT count(*) AS n FROM voice_circles'))?.n ?? 0;
    if (count > 0) {
      await repairDemoCircles(tx, nowMs);
      return 0;
    }
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
          c.weekly ? firstWeekly(nowMs, c.weekly) : null,
          crypto.randomBytes(12).toString('base64url'),
          // Older first in "newest first" order, so a member's own new circle tops Discover.
          new Date(nowMs - (DEMO_CIRCLES.length - i) * 60_000).toISOString(),
        ],
      );
    }
    return DEMO_CIRCLES.length;
  });
}

/**
 * Renames the demo circles an earlier seed named otherwise, and moves a live demo circle whose
 * weekly time is not its weekday and hour (the first seeds put it "in two days", whatever day
 * that was). Only rows without a creator: members' circles are theirs.
 */
async function repairDemoCircles(tx: SqlExecutor, nowMs: number): Promise<void> {
  for (const r of RENAMED) {
    const demo = DEMO_CIRCLES.find((c) => c.name === r.to);
    await tx.run(
      `UPDATE voice_circles SET name = ?, description = ?
        WHERE name = ? AND description = ? AND creator_id IS NULL`,
      [r.to, demo?.description ?? '', r.from, r.fromDescription],
    );
  }
  for (const c of DEMO_CIRCLES) {
    if (!c.weekly) continue;
    const rows = await tx.all<{ id: number; scheduled_time: string | null }>(
      `SELECT id, scheduled_time FROM voice_circles
        WHERE name = ? AND description = ? AND creator_id IS NULL`,
      [c.name, c.description],
    );
    for (const row of rows) {
      const at = row.scheduled_time ? new Date(row.scheduled_time) : null;
      if (at && at.getUTCDay() === c.weekly.weekday && at.getUTCHours() === c.weekly.hourUtc) continue;
      await tx.run('UPDATE voice_circles SET scheduled_time = ? WHERE id = ?', [
        firstWeekly(nowMs, c.weekly),
        row.id,
      ]);
    }
  }
}
