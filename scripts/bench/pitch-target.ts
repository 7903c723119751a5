// Bench section (issue 22): pitch-matching accuracy on synthesised sung takes with known errors,
// our engine's frames vs pitchy's through the same scorer (dsp/eval/pitch-target.ts). Prints a
// Markdown table; never fails (the Vitest suite dsp/pitch-target-accuracy.test.ts holds the goals).
import {
  evaluatePitchTargets,
  GOAL_CENTS,
  GOAL_HELD,
  max,
  median,
  oursAtLeastAsClose,
  TIE_CENTS,
  TIE_HELD,
  type Errors,
} from '../../dsp/eval/pitch-target';

const centsCell = (e: Errors) => `${median(e.cents).toFixed(1)} / ${max(e.cents).toFixed(1)} c`;
const heldCell = (e: Errors) => `${median(e.held).toFixed(2)} / ${max(e.held).toFixed(2)}`;

/** The table's lines (Markdown), for printing and for docs/pitch-matching.md. */
export function pitchTargetTable(module: WebAssembly.Module): string[] {
  const rows = evaluatePitchTargets(module);
  const lines = [
    '| condition | goal | ours cents \\|err\\| median / max | pitchy cents \\|err\\| | ours held \\|err\\| median / max | pitchy held \\|err\\| | within goal | ours at least as close |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const goal = GOAL_CENTS[row.condition.kind];
    const within = max(row.ours.cents) <= goal && max(row.ours.held) <= GOAL_HELD;
    lines.push(
      `| ${row.condition.label} | ${goal} c, ${GOAL_HELD} | ${centsCell(row.ours)} | ${centsCell(row.pitchy)} | ${heldCell(row.ours)} | ${heldCell(row.pitchy)} | ${within ? 'yes' : 'NO'} | ${oursAtLeastAsClose(row) ? 'yes' : 'NO'} |`,
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
    `Ours: the Wasm engine at its 10 ms hop with the target's range (analysisRangeFor). pitchy: McLeod, 2048 samples, clarity >= 0.9. Ties: within ${TIE_CENTS} c and ${TIE_HELD} held share.`,
  );
}
