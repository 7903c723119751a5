/**
 * Pearson's correlation coefficient r of two paired series: the one implementation behind the
 * wellness insights (a member's days, server/api/wellness/insights.ts) and the AVQI agreement
 * with Praat (dsp/eval/avqi-agreement.ts, the benchmark). Null when it is undefined: fewer
 * than two pairs, series of different lengths, or a flat series (which correlates with nothing).
 */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  const n = xs.length;
  if (n < 2 || ys.length !== n) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}
