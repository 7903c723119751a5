// Bench section (issue 22): pitch-matching accuracy on synthesised sung takes with known errors,
// our engine's frames vs pitchy's through the same scorer (dsp/eval/pitch-target.ts). Prints a
// Markdown table; never fails (the Vitest suite dsp/pitch-target-accuracy.test.ts holds the goals).
import {
  evaluatePitchTargets,
  evaluateRetakes,
  GOAL_CENTS,
  GOAL_HELD,
  max,
  median,
  oursAtLeastAsClose,
  TIE_CENTS,
  type Errors,
} from '../../dsp/eval/pitch-target';

/** Takes per condition in the retake table: enough to see which way the draw falls. */
const RETAKES = 8;

const centsCell = (e: Errors) => `${median(e.cents).toFixed(1)} / ${max(e.cents).toFixed(1)} c`;
const signed = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±') + Math.abs(v).toFixed(1);
const heldCell = (e: Errors) => `${median(e.held).toFixed(2)} / ${max(e.held).toFixed(2)}`;

/** The table's lines (Markdown), for printing and for docs/pitch-matching.md. */
export function pitchTargetTable(module: WebAssembly.Module): string[] {
  const rows = evaluatePitchTargets(module);
  const lines = [
    '| condition | goal | ours cents \\|err\\| median / max | pitchy cents \\|err\\| | ours − pitchy, worst note | ours held \\|err\\| median / max | pitchy held \\|err\\| | within goal | ours at least as close |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const goal = GOAL_CENTS[row.condition.kind];
    const within = max(row.ours.cents) <= goal && max(row.ours.held) <= GOAL_HELD;
    lines.push(
      `| ${row.condition.label} | ${goal} c, ${GOAL_HELD} | ${centsCell(row.ours)} | ${centsCell(row.pitchy)} | ${signed(max(row.ours.cents) - max(row.pitchy.cents))} c | ${heldCell(row.ours)} | ${heldCell(row.pitchy)} | ${within ? 'yes' : 'NO'} | ${oursAtLeastAsClose(row) ? 'yes' : 'NO'} |`,
    );
  }
  return lines;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** Of the retakes, how many had ours closer, equal, pitchy closer. */
function closer(ours: number[], pitchy: number[]): string {
  let o = 0;
  let p = 0;
  ours.forEach((v, i) => {
    const w = pitchy[i] ?? Infinity;
    if (v < w) o++;
    else if (v > w) p++;
  });
  return `${o} / ${ours.length - o - p} / ${p}`;
}

const spreadCell = (values: number[], digits: number) =>
  `${mean(values.map((v) => Math.min(v, 99))).toFixed(digits)} / ${max(values).toFixed(digits)}`;

/** The retake table's lines (Markdown): each condition sung RETAKES times with fresh randomness. */
export function pitchTargetRetakeTable(module: WebAssembly.Module, takes = RETAKES): string[] {
  const lines = [
    '| condition | ours cents, worst note: mean / max | pitchy | cents: ours closer / equal / pitchy closer | ours held: mean / max | pitchy | held: ours closer / equal / pitchy closer |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of evaluateRetakes(module, takes)) {
    lines.push(
      `| ${row.condition.label} | ${spreadCell(row.ours.cents, 2)} c | ${spreadCell(row.pitchy.cents, 2)} c | ${closer(row.ours.cents, row.pitchy.cents)} | ${spreadCell(row.ours.held, 3)} | ${spreadCell(row.pitchy.held, 3)} | ${closer(row.ours.held, row.pitchy.held)} |`,
    );
  }
  return lines;
}

export function printPitchTargetSection(module: WebAssembly.Module): void {
  console.log('\nPitch matching (issue 22): cents off and held share per note against the truth');
  for (const line of pitchTargetTable(module)) console.log(line);
  console.log(
    'Takes: a voice-like source (harmonics through vowel formants, jitter 0.4 %, shimmer 3 %) at 24 kHz, scored from the take start by src/domain/pitch-target/score.ts.',
  );
  console.log(
    `Ours: the Wasm engine at its 10 ms hop with the target's range (analysisRangeFor). pitchy: McLeod, 2048 samples, clarity >= 0.9. Ties: within ${TIE_CENTS} c in cents, none in held share.`,
  );
  console.log(
    `\nPitch matching, retakes: each condition sung ${RETAKES} times with fresh random jitter, shimmer and noise (take 0 is the table above); per take the worst note's |error|`,
  );
  for (const line of pitchTargetRetakeTable(module)) console.log(line);
}
