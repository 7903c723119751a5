import type { MostEchoedRow, PulseRow, ReflectionRow } from './repository';

/** First name only: the community never shows a member's full name or email. */
export function displayName(firstName: string | null | undefined): string {
  const first = (firstName ?? '').trim().split(/\s+/)[0] ?? '';
  return first === '' ? 'A member' : first;
}

/** Short relative time such as 'just now', '5m ago', '3h ago', '2d ago', '5w ago'. */
export function timeAgo(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, Math.floor((nowMs - then) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  const weeks = Math.floor(days / 7);
  if (weeks < 52) return `${weeks}w ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** The member's privacy setting: only 'first_name' lets their name appear in the community. */
const showsName = (pulseIdentity: string) => pulseIdentity === 'first_name';

export function presentPulse(row: PulseRow) {
  return {
    id: row.id,
    userName: showsName(row.pulse_identity) ? displayName(row.first_name) : 'Someone',
    sessionId: row.session_id,
    sessionTitle: row.session_title,
    completedAt: row.completed_at,
    echoes: row.echoes,
    skillLevel: row.skill_level ?? 'beginner',
  };
}

export function presentReflection(row: ReflectionRow, nowMs: number) {
  return {
    id: row.id,
    content: row.reflection_text,
    userName: row.anonymous || !showsName(row.pulse_identity) ? 'Anonymous' : displayName(row.first_name),
    kind: row.kind,
    sessionId: row.session_id,
    sessionTitle: row.session_title,
    timeAgo: timeAgo(row.created_at, nowMs),
    echoes: row.echoes,
    createdAt: row.created_at,
  };
}

function parseList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function presentMostEchoed(row: MostEchoedRow) {
  return {
    id: row.id,
    title: row.title,
    echoes: row.echoes,
    category: parseList(row.category),
    skill_level: row.skill_level,
  };
}
