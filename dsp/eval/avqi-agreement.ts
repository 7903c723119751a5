// How closely our AVQI and its six measures follow Praat's on the same recordings: the table
// issue 21 asks of `npm run bench` and of the tests. Goals are the numbers.
import { pearson } from '../../src/domain/pearson';
import { AVQI_BOUNDARY, type AvqiMeasures } from '../../src/domain/voice/avqi';

export interface AvqiResult extends AvqiMeasures {
  avqi: number;
}

export type MeasureName = keyof AvqiResult;

export const AGREEMENT_GOALS: Record<MeasureName, number> = {
  avqi: 0.25,
  cpps: 0.5,
  hnr: 1,
  shimmerPercent: 0.5,
  shimmerDb: 0.05,
  ltasSlope: 0.5,
  ltasTilt: 0.5,
};
/** Pearson r of our AVQI with Praat's, at least. */
export const CORRELATION_GOAL = 0.97;
/** Share of pairs on the same side of the 2.43 boundary, at least. */
export const SAME_SIDE_GOAL = 0.95;

export interface Agreement {
  pairs: number;
  meanAbsDifference: Record<MeasureName, number>;
  correlation: number;
  sameSide: number;
}

export function agreement(rows: { ours: AvqiResult; praat: AvqiResult }[]): Agreement {
  const names = Object.keys(AGREEMENT_GOALS) as MeasureName[];
  const meanAbsDifference = Object.fromEntries(
    names.map((name) => [
      name,
      rows.reduce((sum, r) => sum + Math.abs(r.ours[name] - r.praat[name]), 0) / rows.length,
    ]),
  ) as Record<MeasureName, number>;
  const side = (v: number): boolean => v > AVQI_BOUNDARY;
  return {
    pairs: rows.length,
    meanAbsDifference,
    // NaN when r is undefined (a flat series), so missedGoals reports it as missed.
    correlation:
      pearson(
        rows.map((r) => r.ours.avqi),
        rows.map((r) => r.praat.avqi),
      ) ?? Number.NaN,
    sameSide: rows.filter((r) => side(r.ours.avqi) === side(r.praat.avqi)).length / rows.length,
  };
}

/** Which goals a result misses, in words (empty when every goal is met). */
export function missedGoals(a: Agreement): string[] {
  const missed: string[] = [];
  for (const [name, goal] of Object.entries(AGREEMENT_GOALS) as [MeasureName, number][]) {
    const got = a.meanAbsDifference[name];
    if (!(got <= goal)) missed.push(`${name}: mean |difference| ${got.toFixed(3)} > ${goal}`);
  }
  if (!(a.correlation >= CORRELATION_GOAL))
    missed.push(`AVQI r ${a.correlation.toFixed(3)} < ${CORRELATION_GOAL}`);
  if (!(a.sameSide >= SAME_SIDE_GOAL))
    missed.push(`same side of ${AVQI_BOUNDARY}: ${(a.sameSide * 100).toFixed(0)} % < 95 %`);
  return missed;
}
