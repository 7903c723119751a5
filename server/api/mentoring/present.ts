import type { SqlExecutor } from '../../db/sql';
import { MENTOR_FOCUSES, NOTES_SHOWN, type MentorFocus } from '../../../src/domain/mentoring';
import { firstNameOf } from '../circles/present';
import { memberLevel } from '../practice/feature-gate';
import { readPractice } from '../practice/ledger';

export interface PairingRow {
  id: number;
  mentor_id: string;
  mentee_id: string;
  focus: string | null;
  created_at: string;
}

export interface PairingView {
  id: number;
  /** The caller's side of the pairing. */
  role: 'mentor' | 'mentee';
  focus: MentorFocus | null;
  since: string;
  /** First name, level and current streak only: the streak read from their practice ledger. */
  partner: { firstName: string; level: number; currentStreak: number; intro: string | null };
  notes: { id: number; mine: boolean; body: string; createdAt: string }[];
}

/** The focuses stored as JSON; anything unexpected reads as none rather than a 500. */
export function focusesOf(json: string): MentorFocus[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v)
      ? v.filter((f): f is MentorFocus => MENTOR_FOCUSES.includes(f as MentorFocus))
      : [];
  } catch {
    return [];
  }
}

export async function presentPairing(
  sql: SqlExecutor,
  row: PairingRow,
  me: string,
  nowMs: number,
): Promise<PairingView> {
  const role = row.mentor_id === me ? 'mentor' : 'mentee';
  const partnerId = role === 'mentor' ? row.mentee_id : row.mentor_id;
  const user = await sql.get<{ first_name: string | null }>('SELECT first_name FROM users WHERE id = ?', [
    partnerId,
  ]);
  const { level } = await memberLevel(sql, partnerId);
  const practice = await readPractice(sql, partnerId, nowMs);
  const offer =
    role === 'mentee'
      ? await sql.get<{ intro: string }>('SELECT intro FROM mentor_offers WHERE user_id = ?', [partnerId])
      : undefined;
  const notes = await sql.all<{ id: number; author_id: string; body: string; created_at: string }>(
    `SELECT id, author_id, body, created_at FROM mentor_notes WHERE pairing_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ${NOTES_SHOWN}`,
    [row.id],
  );
  return {
    id: Number(row.id),
    role,
    focus: (MENTOR_FOCUSES as readonly string[]).includes(row.focus ?? '')
      ? (row.focus as MentorFocus)
      : null,
    since: row.created_at,
    partner: {
      firstName: firstNameOf(user?.first_name ?? ''),
      level,
      currentStreak: practice.summary.streaks.current,
      intro: offer?.intro ?? null,
    },
    notes: notes
      .reverse()
      .map((n) => ({ id: Number(n.id), mine: n.author_id === me, body: n.body, createdAt: n.created_at })),
  };
}
