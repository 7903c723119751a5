import { progressOf } from './advance';
import type { ClassRow, EnrollmentRow, ItemRow, ProgramRow } from './repository';

export interface PresentedItem {
  position: number;
  kind: 'session' | 'template';
  id: number;
  title: string;
  /** Its own length, in seconds. */
  durationSec: number;
}

export function presentItem(i: ItemRow): PresentedItem {
  const durationSec = Number(i.seconds ?? 0);
  return i.session_id !== null
    ? { position: i.position, kind: 'session', id: i.session_id, title: i.title ?? 'Session', durationSec }
    : {
        position: i.position,
        kind: 'template',
        id: i.template_id ?? 0,
        title: i.title ?? 'Guided template',
        durationSec,
      };
}

/**
 * How long a class or program is: the sum of what it holds, never a number typed beside it
 * (issue 30: "Evening Wind-Down" said 7 min and held 16:30).
 */
export const secondsOf = (items: PresentedItem[]) => items.reduce((n, i) => n + i.durationSec, 0);
/** Whole minutes, to the nearest; a class that holds anything lasts at least a minute. */
export const minutesOf = (seconds: number) => (seconds > 0 ? Math.max(1, Math.round(seconds / 60)) : 0);

export function groupItems(rows: ItemRow[]): Map<number, PresentedItem[]> {
  const map = new Map<number, PresentedItem[]>();
  for (const r of rows) {
    const list = map.get(r.owner_id) ?? [];
    list.push(presentItem(r));
    map.set(r.owner_id, list);
  }
  return map;
}

/** Initials of the demo expert, for the generated avatar (no photos of anyone). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^(Dr|Prof)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return (
    (words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')
  ).toUpperCase();
}

/** Spec 2 §3 "Expert content", plus what the class teaches and the demo label. */
export function presentClass(c: ClassRow, items: PresentedItem[]) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    expertName: c.expert_name,
    // Generated initials avatar instead of a photo: the experts are fictional.
    expertImageUrl: null,
    expertInitials: initialsOf(c.expert_name),
    expertColor: c.avatar_color,
    expertBio: c.expert_bio,
    isDemoExpert: true,
    // Minutes, from its sessions (the stored duration_min is a seed's guess and is not read).
    duration: minutesOf(secondsOf(items)),
    durationSec: secondsOf(items),
    rating: c.rating,
    viewCount: c.views,
    contentType: c.content_type,
    difficultyLevel: c.difficulty,
    isPremium: c.is_premium === 1,
    teaches: items,
  };
}

/** Spec 2 §3 "Specialized program", plus its ordered steps. */
export function presentProgram(p: ProgramRow, items: PresentedItem[]) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    sessionCount: p.session_count,
    duration: p.duration_days,
    /** The practice time of all its steps together, in seconds. */
    practiceSec: secondsOf(items),
    enrollmentCount: p.enrollment_count,
    programType: p.program_type,
    difficulty: p.difficulty,
    isPremium: p.is_premium === 1,
    items,
  };
}

/** Spec 2 §3 "Enrollment", plus the next step Continue opens (null once completed). */
export function presentEnrollment(e: EnrollmentRow, items: PresentedItem[]) {
  const count = items.length;
  return {
    id: e.id,
    programId: e.program_id,
    progress: progressOf(e.current_session_index, count),
    startedAt: e.started_at,
    currentSessionIndex: e.current_session_index,
    sessionCount: count,
    completedAt: e.completed_at,
    nextItem: e.completed_at ? null : (items[e.current_session_index] ?? null),
  };
}
