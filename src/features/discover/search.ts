import type { Session } from '../sessions/session';

/**
 * Discover's search (spec core §2): the trimmed query matches case-insensitively as a
 * substring of the title, the description, any category entry or the tags. An empty query
 * matches nothing (the overlay shows its prompt instead).
 */
export function searchSessions(sessions: readonly Session[], rawQuery: string): Session[] {
  const q = rawQuery.trim().toLowerCase();
  if (!q) return [];
  return sessions.filter(
    (s) =>
      s.title.toLowerCase().includes(q) ||
      s.description.toLowerCase().includes(q) ||
      s.category.some((c) => c.toLowerCase().includes(q)) ||
      s.tags.toLowerCase().includes(q),
  );
}
