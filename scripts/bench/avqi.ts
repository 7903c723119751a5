// `npm run bench` section for issue 21: our AVQI 03.01 engine against Praat running the published
// method (scripts/avqi/avqi-0301.praat) on the agreement fixtures. Prints the agreement table per
// measure (mean |difference|, Pearson r, AVQI on the same side of 2.43) from the stored Praat
// truth, and the time per pair: our engine (analysisMs) against a live `praat --run` of the same
// pair (process start-up, reading both files, analysis), when Debian's praat is installed.
// Figures only: a benchmark never fails on time.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyseAssessment, type AssessmentResult } from '../../dsp/assessment';
import type { AssessmentRecording } from '../../dsp/assessment-types';
import {
  AGREEMENT_GOALS,
  CORRELATION_GOAL,
  SAME_SIDE_GOAL,
  agreement,
  missedGoals,
  type MeasureName,
} from '../../dsp/eval/avqi-agreement';
import { readAvqiTruth, REPO_ROOT } from '../../dsp/eval/avqi-truth';
import { median } from '../../dsp/eval/truth';
import { decodeWav } from '../../dsp/wav';
import { AVQI_BOUNDARY } from '../../src/domain/voice/avqi';
import { hasPraat, timePraatAvqi } from '../avqi/praat';

/** Our engine must be at least this many times faster than Praat's run, per pair. */
const SPEED_GOAL = 20;

function recording(path: string): AssessmentRecording {
  const wav = decodeWav(readFileSync(resolve(REPO_ROOT, path)));
  return { samples: [wav.samples], rate: wav.sampleRate };
}

function pearson(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const dx = x - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  });
  return sxx === 0 || syy === 0 ? Number.NaN : sxy / Math.sqrt(sxx * syy);
}

export function benchAvqi(module: WebAssembly.Module): void {
  const { pairs, praat: praatVersion } = readAvqiTruth();
  console.log(`\n## Voice assessment: AVQI 03.01 against Praat (${pairs.length} pairs, ${praatVersion})\n`);
  // One warm-up so the first pair's time is not Wasm compilation.
  const first = pairs[0];
  if (first) analyseAssessment(module, recording(first.vowel), recording(first.speech));
  const rows: { name: string; ours: AssessmentResult; praat: (typeof pairs)[number]['praat'] }[] = [];
  for (const pair of pairs) {
    rows.push({
      name: pair.name,
      ours: analyseAssessment(module, recording(pair.vowel), recording(pair.speech)),
      praat: pair.praat,
    });
  }
  const table = agreement(rows.map((r) => ({ ours: r.ours, praat: r.praat })));
  console.log('| measure | mean abs diff | goal | r | within goal |');
  console.log('|---|---|---|---|---|');
  for (const name of Object.keys(AGREEMENT_GOALS) as MeasureName[]) {
    const diff = table.meanAbsDifference[name];
    const r = pearson(
      rows.map((row) => row.ours[name]),
      rows.map((row) => row.praat[name]),
    );
    const goal = AGREEMENT_GOALS[name];
    console.log(
      `| ${name} | ${diff.toFixed(4)} | <= ${goal} | ${r.toFixed(4)} | ${diff <= goal ? 'yes' : 'NO'} |`,
    );
  }
  console.log(
    `| AVQI same side of ${AVQI_BOUNDARY} | ${(table.sameSide * 100).toFixed(0)} % | >= ${SAME_SIDE_GOAL * 100} % | AVQI r ${table.correlation.toFixed(4)} (goal >= ${CORRELATION_GOAL}) | ${table.sameSide >= SAME_SIDE_GOAL && table.correlation >= CORRELATION_GOAL ? 'yes' : 'NO'} |`,
  );
  const missed = missedGoals(table);
  if (missed.length > 0) console.log(`\nNOTE: goals missed: ${missed.join('; ')}`);

  const oursMs = rows.map((r) => r.ours.analysisMs);
  if (!hasPraat()) {
    console.log(
      `\nSpeed: our engine ${median(oursMs).toFixed(0)} ms per pair (median); praat is not installed, so Praat's time was not measured (apt-get install praat).`,
    );
    return;
  }
  console.log('\n| pair | ours (ms) | Praat run (ms) | ratio |');
  console.log('|---|---|---|---|');
  const ratios: number[] = [];
  const praatMs: number[] = [];
  for (const [i, pair] of pairs.entries()) {
    const run = timePraatAvqi(resolve(REPO_ROOT, pair.vowel), resolve(REPO_ROOT, pair.speech));
    const ours = oursMs[i] ?? Number.NaN;
    praatMs.push(run.runMs);
    ratios.push(run.runMs / ours);
    console.log(
      `| ${pair.name} | ${ours.toFixed(0)} | ${run.runMs.toFixed(0)} | ${(run.runMs / ours).toFixed(1)}x |`,
    );
  }
  const ratio = median(ratios);
  console.log(
    `| median | ${median(oursMs).toFixed(0)} | ${median(praatMs).toFixed(0)} | ${ratio.toFixed(1)}x (goal >= ${SPEED_GOAL}x: ${ratio >= SPEED_GOAL ? 'met' : 'NOT met'}) |`,
  );
  console.log(
    '\nOurs: analysisMs of analyseAssessment (vowel check, Wasm instance, every measure). Praat: wall time of `praat --run scripts/avqi/avqi-0301.praat` (start-up, reading, analysis). The two ran one after the other on the same machine.',
  );
}
