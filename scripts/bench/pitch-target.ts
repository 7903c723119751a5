// Bench section (issue 22): pitch-matching accuracy on synthesised sung takes with known errors,
// our engine's frames vs pitchy's through the same scorer (dsp/eval/pitch-target.ts). Each
// condition is sung RETAKES times; a row compares the mean over the takes of the worst note's
// |error|. Prints a Markdown table; never fails (dsp/pitch-target-accuracy.test.ts holds the goals).
import {
  compareRow,
  evaluateRetakes,
  GOAL_CENTS,
  GOAL_HELD,
  max,
  RESOLVE_SE,
  RETAKES,
  worstPerTake,
  type Comparison,
} from '../../dsp/eval/pitch-target';

const signed = (v: number, digits: number) => (v > 0 ? '+' : v < 0 ? '−' : '±') + Math.abs(v).toFixed(digits);
const verdictText: Record<Comparison['verdict'], string> = {
  ours: 'ours',
  unresolved: 'unresolved',
  pitchy: 'PITCHY',
};
const cell = (c: Comparison, digits: number) =>
  `${c.ours.toFixed(digits)} / ${c.pitchy.toFixed(digits)} | ${signed(c.diff, digits)} ± ${c.se.toFixed(digits)} | ${verdictText[c.verdict]}`;

/** The table's lines (Markdown), for printing and for docs/pitch-matching.md. */
export function pitchTargetTable(module: WebAssembly.Module, takes = RETAKES, seedBase = ''): string[] {
  const lines = [
    '| condition | goal | within goal, every take | ours worst take, cents | cents: ours / pitchy mean | ours − pitchy ± SE | closer | held: ours / pitchy mean | ours − pitchy ± SE | closer |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of evaluateRetakes(module, takes, seedBase)) {
    const goal = GOAL_CENTS[row.condition.kind];
    const within = row.ours.every((e) => max(e.cents) <= goal && max(e.held) <= GOAL_HELD);
    const { cents, held } = compareRow(row);
    lines.push(
      `| ${row.condition.label} | ${goal} c, ${GOAL_HELD} | ${within ? 'yes' : 'NO'} | ${max(worstPerTake(row.ours, 'cents')).toFixed(2)} c | ${cell(cents, 3)} | ${cell(held, 4)} |`,
    );
  }
  return lines;
}

export function printPitchTargetSection(module: WebAssembly.Module): void {
  console.log(
    `\nPitch matching (issue 22): each condition sung ${RETAKES} times (fresh jitter, shimmer and noise); per take the worst note's |error| against the truth, mean over the takes`,
  );
  for (const line of pitchTargetTable(module)) console.log(line);
  console.log(
    'Takes: a voice-like source (harmonics through vowel formants, jitter 0.4 %, shimmer 3 %) at 24 kHz, scored from the take start by src/domain/pitch-target/score.ts.',
  );
  console.log(
    `Ours: the Wasm engine at its 10 ms hop with the target's range (analysisRangeFor). pitchy: McLeod, 2048 samples, clarity >= 0.9. Closer: "ours" when ours' mean is at most pitchy's (no tie); "unresolved" when pitchy leads by less than ${RESOLVE_SE} standard errors of the paired takes; "PITCHY" beyond that.`,
  );
}
