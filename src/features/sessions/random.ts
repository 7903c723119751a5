import { dailyPick } from '../../domain/daily-pick';
import { isInstrumentalOnly, type Session } from './session';

/**
 * Today's recommendation (issue 30): one pick per member per local day over the guided sessions
 * (src/domain/daily-pick.ts orders the pool by id, so the order a load brought does not matter).
 * Listening-room tracks are picked only when the catalogue has nothing else.
 */
export function todaysPick(
  sessions: readonly Session[],
  memberId: string,
  localDate: string,
): Session | null {
  const guided = sessions.filter((s) => !isInstrumentalOnly(s));
  return dailyPick(guided.length > 0 ? guided : sessions, memberId, localDate);
}

/**
 * A random pick for 'surprise me' and 'discover something new'.
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
