import type { SqlExecutor } from '../../db/sql';
import { currentOrNextStart } from '../../../src/domain/circles';
import { dailyPick } from '../../../src/domain/daily-pick';
import { localDateTime } from '../../../src/domain/reminder-schedule';
import type { ReminderSettings } from '../../../src/domain/reminders';
import { streaksFrom } from '../../../src/domain/streaks';
import type { MemberPractice } from '../practice/ledger';

/**
 * What one reminder says: built from the member's chosen topics, their practice ledger, home's
 * daily pick and their circles. Null when there is nothing to say (only "streak at risk" chosen
 * and no streak, only circles and none meets): then nothing is sent.
 */

export interface ReminderMessage {
  /** The notification's title and the mail's subject. */
  title: string;
  /** One line per topic that applies, most useful first. */
  lines: string[];
  /** Absolute link: the suggested session, else the circle, else home. */
  url: string;
  /** Today's suggestion, when it is part of the reminder. */
  pick: { id: number; title: string } | null;
}

/** Home's pool (src/features/sessions/session-api.ts fetchSessionPool): the first 100 catalogue sessions by id. */
export const POOL_LIMIT = 100;
const DAY_MS = 86_400_000;

interface PoolRow {
  id: number;
  title: string;
  voice_path: string | null;
  instr_path: string | null;
  length_sec: number;
}

/**
 * Today's recommendation, the same one home shows: `dailyPick` over the catalogue's guided
 * sessions (instrumental-only tracks, music without a voice guide, only when nothing else
 * exists: src/features/sessions/random.ts), ordered by id.
 */
export async function todaysPick(
  sql: SqlExecutor,
  userId: string,
  localDate: string,
): Promise<{ id: number; title: string; lengthSec: number } | null> {
  const rows = (
    await sql.all<PoolRow>(
      'SELECT id, title, voice_path, instr_path, length_sec FROM sessions ORDER BY id LIMIT ?',
      [POOL_LIMIT],
    )
  ).map((r) => ({ ...r, id: Number(r.id) }));
  const instrumentalOnly = (r: PoolRow) => !r.voice_path && Boolean(r.instr_path);
  const guided = rows.filter((r) => !instrumentalOnly(r));
  const pick = dailyPick(guided.length > 0 ? guided : rows, userId, localDate);
  return pick && { id: pick.id, title: pick.title, lengthSec: Number(pick.length_sec) };
}

interface CircleRow {
  id: number;
  name: string;
  scheduled_time: string | null;
  duration_min: number;
}

/** The member's live circles, for the reminder and the calendar feed. */
export async function memberCircles(sql: SqlExecutor, userId: string) {
  const rows = await sql.all<CircleRow>(
    `SELECT c.id, c.name, c.scheduled_time, c.duration_min FROM voice_circles c
     WHERE c.session_type = 'real_time' AND c.scheduled_time IS NOT NULL
       AND EXISTS (SELECT 1 FROM circle_members m WHERE m.circle_id = c.id AND m.user_id = ?)
     ORDER BY c.id`,
    [userId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    firstStartMs: Date.parse(r.scheduled_time!),
    durationMin: Number(r.duration_min),
  }));
}

const minutes = (sec: number) => Math.max(1, Math.round(sec / 60));

function whenText(startMs: number, nowMs: number, zone: string): string {
  const start = localDateTime(startMs, zone);
  const today = localDateTime(nowMs, zone).date;
  return start.date === today ? `today at ${start.time}` : `tomorrow at ${start.time}`;
}

export async function composeReminder(
  sql: SqlExecutor,
  o: {
    userId: string;
    settings: ReminderSettings;
    localDate: string;
    nowMs: number;
    zone: string;
    practice: MemberPractice;
    appUrl: string;
  },
): Promise<ReminderMessage | null> {
  const lines: string[] = [];
  let url: string | null = null;
  let pick: ReminderMessage['pick'] = null;
  const topics = o.settings.topics;
  if (topics.includes('recommendation')) {
    const p = await todaysPick(sql, o.userId, o.localDate);
    if (p) {
      pick = { id: p.id, title: p.title };
      lines.push(`Today's suggestion: ${p.title} (${minutes(p.lengthSec)} min).`);
      url = `${o.appUrl}/reminders/suggestion?session=${p.id}`;
    }
  }
  if (topics.includes('streak')) {
    // The streak as of the reminder's day; it is at risk when today has no session yet.
    const streak = streaksFrom(o.practice.summary.practiceDays, o.localDate).current;
    if (streak > 0 && !o.practice.summary.practiceDays.includes(o.localDate)) {
      const what = streak === 1 ? 'Your streak' : `Your ${streak}-day streak`;
      lines.push(`${what} needs a session today to keep going.`);
    }
  }
  if (topics.includes('circle')) {
    for (const c of await memberCircles(sql, o.userId)) {
      const start = currentOrNextStart(c.firstStartMs, c.durationMin, o.nowMs);
      if (start > o.nowMs && start <= o.nowMs + DAY_MS) {
        lines.push(`Your circle "${c.name}" meets ${whenText(start, o.nowMs, o.zone)}.`);
        url ??= `${o.appUrl}/voice-circles/${c.id}`;
      }
    }
  }
  if (lines.length === 0) return null;
  return { title: 'Time for your voice practice', lines, url: url ?? `${o.appUrl}/home`, pick };
}
