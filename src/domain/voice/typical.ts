// How a list of takes is summed up for a member (issue 31: "summaries describe the takes they
// summarise, never an average that matches no take"). Two takes 2 and 398 cents off have a
// mean of 200, which neither of them was. The typical take is the middle one: sort the values
// and take the middle. With an even number there are two middle takes, and their mean would
// again match neither, so one of them is shown: the less good of the two (the cautious
// reading: a summary never looks better than the takes behind it).

/**
 * The middle value; with an even count, the less good of the two middle values (`better`:
 * which way is better, higher by default). Null for no values.
 */
export function typicalOf(values: readonly number[], better: 'higher' | 'lower' = 'higher'): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const lowerMiddle = Math.floor((sorted.length - 1) / 2);
  const index = better === 'higher' ? lowerMiddle : sorted.length - 1 - lowerMiddle;
  return sorted[index] ?? null;
}
