// `npm run bench` section for issue 21: our AVQI 03.01 engine against Praat running the published
// method (scripts/avqi/avqi-0301.praat) on the agreement fixtures. Prints the agreement table per
// measure (mean |difference|, Pearson r, AVQI on the same side of 2.43) from the stored Praat
// truth, and the time per pair: our engine (analysisMs) against a live `praat --run` of the same
// pair (process start-up, reading both files, analysis), when Debian's praat is installed.
// Figures only: a benchmark never fails on time.
import { spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { analyseAssessment, ASSESSMENT_ENGINE_VERSION, type AssessmentResult } from '../../dsp/assessment';
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
import { pearson } from '../../src/domain/pearson';
import { AVQI_BOUNDARY } from '../../src/domain/voice/avqi';
import { hasPraat } from '../avqi/praat';

/** Our engine must be at least this many times faster than Praat's run, per pair. */
const SPEED_GOAL = 20;

function recording(path: string): AssessmentRecording {
  const wav = decodeWav(readFileSync(resolve(REPO_ROOT, path)));
  return { samples: [wav.samples], rate: wav.sampleRate };
}

const SCRIPT = resolve(REPO_ROOT, 'scripts/avqi/avqi-0301.praat');
const TIME = '/usr/bin/time';

/** One `praat --run` of the published method: wall time, and CPU time (user + system) when GNU time exists. */
function runPraat(vowel: string, speech: string): { wallMs: number; cpuMs: number } {
  const withTime = existsSync(TIME);
  const args = ['--run', SCRIPT, resolve(REPO_ROOT, vowel), resolve(REPO_ROOT, speech)];
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ['-f', 'cpu %U %S', 'praat', ...args], { encoding: 'utf8' })
    : spawnSync('praat', args, { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`praat failed on ${vowel}: ${run.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(run.stderr);
  return { wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN };
}

/**
 * A full garbage collection, run before each timed pair: every analysis makes its own Wasm
 * instance (as the app and the CLI do), and freeing the previous pairs' instances and their
 * memory (tens of megabytes) would otherwise land in whichever pair happens to trigger the
 * collection. A member's assessment, like one CLI run or one `praat --run`, has no previous
 * analyses to free.
 */
const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** Our engine on one pair: its analysisMs (wall) and the CPU time of this process meanwhile. */
function runOurs(module: WebAssembly.Module, vowel: string, speech: string) {
  const v = recording(vowel);
  const s = recording(speech);
  collectGarbage();
  const before = process.cpuUsage();
  const result = analyseAssessment(module, v, s);
  const cpu = process.cpuUsage(before);
  return { result, wallMs: result.analysisMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** Prints the AVQI section; returns each pair's vowel jitter (%) for the range section's table. */
export function benchAvqi(module: WebAssembly.Module): Map<string, number | undefined> {
  const { pairs, praat: praatVersion } = readAvqiTruth();
  console.log(
    `\n## Voice assessment: AVQI 03.01 (${ASSESSMENT_ENGINE_VERSION}) against Praat (${pairs.length} pairs, ${praatVersion})\n`,
  );
  // One warm-up so the first pair's time is not Wasm compilation.
  const first = pairs[0];
  if (first) analyseAssessment(module, recording(first.vowel), recording(first.speech));
  const praatInstalled = hasPraat();
  const rows: {
    name: string;
    ours: AssessmentResult;
    praat: (typeof pairs)[number]['praat'];
    time: { oursWall: number; oursCpu: number; praatWall: number; praatCpu: number };
  }[] = [];
  // Ours and Praat one right after the other on each pair, so both see the same machine load.
  for (const pair of pairs) {
    const ours = runOurs(module, pair.vowel, pair.speech);
    const praat = praatInstalled
      ? runPraat(pair.vowel, pair.speech)
      : { wallMs: Number.NaN, cpuMs: Number.NaN };
    rows.push({
      name: pair.name,
      ours: ours.result,
      praat: pair.praat,
      time: { oursWall: ours.wallMs, oursCpu: ours.cpuMs, praatWall: praat.wallMs, praatCpu: praat.cpuMs },
    });
  }
  const table = agreement(rows.map((r) => ({ ours: r.ours, praat: r.praat })));
  console.log('| measure | mean abs diff | goal | r | within goal |');
  console.log('|---|---|---|---|---|');
  for (const name of Object.keys(AGREEMENT_GOALS) as MeasureName[]) {
    const diff = table.meanAbsDifference[name];
    const r =
      pearson(
        rows.map((row) => row.ours[name]),
        rows.map((row) => row.praat[name]),
      ) ?? Number.NaN;
    const goal = AGREEMENT_GOALS[name];
    console.log(
      `| ${name} | ${diff.toFixed(4)} | <= ${goal} | ${r.toFixed(4)} | ${diff <= goal ? 'yes' : 'NO'} |`,
    );
  }
  console.log(
    `| AVQI same side of ${AVQI_BOUNDARY} | ${(table.sameSide * 100).toFixed(0)} % | >= ${SAME_SIDE_GOAL * 100} % | AVQI r ${table.correlation.toFixed(4)} (goal >= ${CORRELATION_GOAL}) | ${table.sameSide >= SAME_SIDE_GOAL && table.correlation >= CORRELATION_GOAL ? 'yes' : 'NO'} |`,
  );
  const vowelJitter = new Map(rows.map((r) => [r.name, r.ours.jitterPercent]));
  const missed = missedGoals(table);
  if (missed.length > 0) console.log(`\nNOTE: goals missed: ${missed.join('; ')}`);

  const oursMs = rows.map((r) => r.time.oursWall);
  if (!praatInstalled) {
    console.log(
      `\nSpeed: our engine ${median(oursMs).toFixed(0)} ms per pair (median); praat is not installed, so Praat's time was not measured (apt-get install praat).`,
    );
    return vowelJitter;
  }
  console.log(
    '\n| pair | ours wall (ms) | Praat run wall (ms) | wall ratio | ours CPU (ms) | Praat CPU (ms) | CPU ratio |',
  );
  console.log('|---|---|---|---|---|---|---|');
  const wallRatios: number[] = [];
  const cpuRatios: number[] = [];
  for (const { name, time: t } of rows) {
    wallRatios.push(t.praatWall / t.oursWall);
    cpuRatios.push(t.praatCpu / t.oursCpu);
    console.log(
      `| ${name} | ${t.oursWall.toFixed(0)} | ${t.praatWall.toFixed(0)} | ${(t.praatWall / t.oursWall).toFixed(1)}x | ${t.oursCpu.toFixed(0)} | ${t.praatCpu.toFixed(0)} | ${(t.praatCpu / t.oursCpu).toFixed(1)}x |`,
    );
  }
  const med = (pick: (t: (typeof rows)[number]['time']) => number) => median(rows.map((r) => pick(r.time)));
  const wallRatio = median(wallRatios);
  const cpuRatio = median(cpuRatios);
  console.log(
    `| median | ${med((t) => t.oursWall).toFixed(0)} | ${med((t) => t.praatWall).toFixed(0)} | ${wallRatio.toFixed(1)}x | ${med((t) => t.oursCpu).toFixed(0)} | ${med((t) => t.praatCpu).toFixed(0)} | ${cpuRatio.toFixed(1)}x |`,
  );
  console.log(
    `\nGoal: ours >= ${SPEED_GOAL}x faster per pair: ${wallRatio >= SPEED_GOAL ? 'met' : 'NOT met'} on wall time, ${cpuRatio >= SPEED_GOAL ? 'met' : 'NOT met'} on CPU time.`,
  );
  console.log(
    'Ours: analysisMs of analyseAssessment (vowel check, Wasm instance, every measure) and the CPU time of the process meanwhile. Praat: `praat --run scripts/avqi/avqi-0301.praat` (start-up, reading both files, analysis), wall and user + system CPU from GNU time. On a busy machine wall times swell with the load; the CPU times do not.',
  );
  return vowelJitter;
}
