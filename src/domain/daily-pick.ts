/**
 * One pick per member per local day (issue 30: "today's recommendation stays the same for the
 * whole local day"). The same function runs in the app (home) and on the server (a reminder
 * names today's recommendation), so both name the same session when they see the same pool.
 *
 * The pool is ordered by id first, so the order a list arrived in does not move the pick; the
 * index comes from a 32-bit FNV-1a hash of member and day, which spreads consecutive days over
 * the pool without a random generator to seed.
 */
export function dailyPick<T extends { id: number }>(
  pool: readonly T[],
  memberId: string,
  localDate: string,
): T | null {
  if (pool.length === 0) return null;
  const ordered = [...pool].sort((a, b) => a.id - b.id);
  return ordered[fnv1a(`${memberId}|${localDate}`) % ordered.length] ?? null;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
