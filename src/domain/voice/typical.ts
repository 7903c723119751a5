// How a list of takes is summed up for a member (issue 31: "summaries describe the takes they
// summarise, never an average that matches no take"). Two takes 2 and 398 cents off have a
// mean of 200, which neither of them was. The typical take is the middle one: sort the values
// and take the middle; with an even number, the lower of the two middle ones, so the number
// shown is always one a real take scored (a median of 2 and 398 would again be 200).

/** The middle value (the lower middle for an even count); null for no values. */
export function typicalOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** How many of `values` satisfy `ok`: "2 of 3". */
export function countOf(
  values: readonly number[],
  ok: (v: number) => boolean,
): { count: number; of: number } {
  return { count: values.filter(ok).length, of: values.length };
}
