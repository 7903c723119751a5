import { parseSkillLevel } from '../../domain/skill-levels';
import type { Session } from '../sessions/session';

/**
 * Which sessions a /filtered?type&value link lists. The spec fixes three rules (no value →
 * nothing; intention: hyphens become spaces; focus → nothing) and leaves the rest to us:
 *
 * - category:   the value is one of the session's category entries (find, free, fine-tune, fun);
 * - mood:       the value is one of the session's moods;
 * - experience: the session's skill_level is the value (read like the tone-token rule:
 *               trimmed, case-insensitive);
 * - intention:  after hyphens → spaces, the value is one of the session's intention phrases.
 *
 * Every comparison is exact on whole entries, trimmed and case-insensitive, so 'fun' does not
 * match 'fine-tune' and 'calm' does not match 'find calm under pressure'.
 */
export function matchesFilter(session: Session, type: string | null, value: string | null): boolean {
  const wanted = normalise(value ?? '');
  if (!wanted) return false;
  switch (type) {
    case 'category':
      return includes(session.category, wanted);
    case 'mood':
      return includes(session.moods, wanted);
    case 'experience': {
      const level = parseSkillLevel(session.skillLevel);
      return level !== null && level === wanted;
    }
    case 'intention':
      return includes(session.intentions, normalise(wanted.replace(/-/g, ' ')));
    default:
      // 'focus' and unknown types match nothing (spec core §2).
      return false;
  }
}

export function filterSessions(
  sessions: readonly Session[],
  type: string | null,
  value: string | null,
): Session[] {
  return sessions.filter((s) => matchesFilter(s, type, value));
}

/** A readable title for the filtered screen, e.g. intention 'find-your-center' → 'find your center'. */
export function filterTitle(type: string | null, value: string | null): string {
  const v = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/-/g, type === 'category' ? '-' : ' ');
  if (!v) return 'sessions';
  if (type === 'category') return FOCUS_TITLES[v] ?? v;
  if (type === 'experience') return `${v} sessions`;
  return v;
}

const FOCUS_TITLES: Record<string, string> = {
  find: 'find my voice',
  free: 'free my voice',
  'fine-tune': 'fine-tune my voice',
  fun: 'fun with my voice',
};

function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

function includes(list: readonly string[], wanted: string): boolean {
  return list.some((entry) => normalise(entry) === wanted);
}
