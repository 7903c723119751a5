import { isInstrumentalOnly, type Session } from './session';

/**
 * A random pick for 'surprise me', 'discover something new' and today's recommendation.
 * Guided sessions are preferred: instrumental-only tracks belong to the listening room and are
 * picked only when the catalogue has nothing else.
 */
export function pickRandomSession(
  sessions: readonly Session[],
  random: () => number = Math.random,
): Session | null {
  const guided = sessions.filter((s) => !isInstrumentalOnly(s));
  const pool = guided.length > 0 ? guided : sessions;
  if (pool.length === 0) return null;
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))] ?? null;
}
