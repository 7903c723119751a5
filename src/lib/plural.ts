/**
 * Every count the app shows goes through here, so no screen says "1 sessions" (issue 20).
 * Intl.PluralRules decides which form a number takes (1 → one; 0, 2, 1.5 → other).
 */
const english = new Intl.PluralRules('en');

/** The word for `n` things: countWord(1, 'session') is 'session'; irregular plurals are passed in. */
export function countWord(n: number, one: string, other = `${one}s`): string {
  return english.select(n) === 'one' ? one : other;
}

/** `n` and its word: '1 session', '0 sessions', '3 echoes' (countText(3, 'echo', 'echoes')). */
export function countText(n: number, one: string, other?: string): string {
  return `${n} ${countWord(n, one, other)}`;
}
