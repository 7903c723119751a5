// `npm run bench` section for issue 31: the voice range profile and jitter against Praat running
// the same commands (scripts/range/range-truth.praat) on the range fixtures, from the stored
// Praat truth: lowest and highest F0 (cents), the phonetogram's levels (dB), jitter (local,
// percentage points), and the assessment vowel's jitter on the AVQI pairs. Then the time per
// take: our analyseRange against a live `praat --run` of the truth script (process start-up,
// reading the file, the analysis), when Debian's praat is installed. Figures only.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { analyseRange, profileOf, RANGE_ENGINE_VERSION, type RangeResult } from '../../dsp/range';
import { median } from '../../dsp/eval/truth';
import { decodeWav } from '../../dsp/wav';
import { hasPraat } from '../avqi/praat';
import { PERIODICITY_TRUTH, type PeriodicityTruth } from '../avqi/periodicity-truth';
import { RANGE_DIR, RANGE_FIXTURES, RANGE_TRUTH, type RangeTruth } from '../range/fixtures';

const SCRIPT = resolve(import.meta.dirname, '../range/range-truth.praat');
const TIME = '/usr/bin/time';
const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

function runPraat(path: string): { wallMs: number; cpuMs: number } {
  const withTime = existsSync(TIME);
  const args = ['--run', SCRIPT, path, 'no'];
  const started = performance.now();
  const run = withTime
    ? spawnSync(TIME, ['-f', 'cpu %U %S', 'praat', ...args], { encoding: 'utf8' })
    : spawnSync('praat', args, { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  if (run.status !== 0) throw new Error(`praat failed on ${path}: ${run.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(run.stderr);
  return { wallMs, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN };
}

/** Largest |ours - Praat's| over the semitones both profiles have, softest and loudest. */
function levelDifference(ours: RangeResult, praat: RangeTruth): number {
  const theirs = new Map(
    profileOf(Float64Array.from(praat.f0), Float64Array.from(praat.db)).map((p) => [p.semitone, p]),
  );
  let worst = 0;
  for (const p of ours.profile) {
    const q = theirs.get(p.semitone);
    if (q) worst = Math.max(worst, Math.abs(p.minDb - q.minDb), Math.abs(p.maxDb - q.maxDb));
  }
  return worst;
}

/**
 * Prints the range and jitter tables. `vowelJitter` holds the assessment's vowel jitter per AVQI
 * pair, as the AVQI section just measured it (benchAvqi's return).
 */
export function benchRange(module: WebAssembly.Module, vowelJitter: Map<string, number | undefined>): void {
  const truth = JSON.parse(readFileSync(RANGE_TRUTH, 'utf8')) as {
    praat: string;
    fixtures: Record<string, RangeTruth>;
  };
  console.log(
    `\n## Voice range profile and jitter (${RANGE_ENGINE_VERSION}) against Praat (${RANGE_FIXTURES.length} takes, ${truth.praat})\n`,
  );
  const praatInstalled = hasPraat();
  const take = (file: string) => {
    const wav = decodeWav(readFileSync(resolve(RANGE_DIR, file)));
    return { samples: [wav.samples], rate: wav.sampleRate };
  };
  analyseRange(take(RANGE_FIXTURES[0]!.file), { module }); // warm-up: not the first take's time
  console.log(
    '| take | lowest: ours / Praat (Hz) | cents | highest: ours / Praat (Hz) | cents | levels max abs diff (dB) | jitter: ours / Praat (%) | diff (pp) | ours (ms) | Praat run (ms) | ratio |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const worst = { cents: 0, db: 0, jitter: 0 };
  const ratios: number[] = [];
  for (const f of RANGE_FIXTURES) {
    const praat = truth.fixtures[f.file]!;
    const ours = analyseRange(take(f.file), { module });
    const praatRun = praatInstalled ? runPraat(resolve(RANGE_DIR, f.file)) : { wallMs: NaN, cpuMs: NaN };
    const lo = cents(ours.lowestHz, praat.lowestHz);
    const hi = cents(ours.highestHz, praat.highestHz);
    const db = levelDifference(ours, praat);
    const jitter = Math.abs((ours.jitterPercent ?? NaN) - (praat.jitterPercent ?? NaN));
    worst.cents = Math.max(worst.cents, Math.abs(lo), Math.abs(hi));
    worst.db = Math.max(worst.db, db);
    worst.jitter = Math.max(worst.jitter, jitter);
    const ratio = praatRun.wallMs / ours.analysisMs;
    ratios.push(ratio);
    console.log(
      `| ${f.file} | ${ours.lowestHz.toFixed(2)} / ${praat.lowestHz.toFixed(2)} | ${lo.toFixed(3)} | ${ours.highestHz.toFixed(2)} / ${praat.highestHz.toFixed(2)} | ${hi.toFixed(3)} | ${db.toFixed(3)} | ${(ours.jitterPercent ?? NaN).toFixed(4)} / ${(praat.jitterPercent ?? NaN).toFixed(4)} | ${jitter.toFixed(4)} | ${ours.analysisMs.toFixed(0)} | ${praatRun.wallMs.toFixed(0)} | ${ratio.toFixed(1)}x |`,
    );
  }
  const ok = (v: number, goal: number) => (v <= goal ? 'yes' : 'NO');
  console.log(
    `\nWorst over the takes: F0 ${worst.cents.toFixed(3)} cents (goal <= 25: ${ok(worst.cents, 25)}), levels ${worst.db.toFixed(3)} dB (goal <= 1: ${ok(worst.db, 1)}), jitter ${worst.jitter.toFixed(4)} pp (goal <= 0.1: ${ok(worst.jitter, 0.1)}).`,
  );
  if (praatInstalled)
    console.log(`Speed: ours ${median(ratios).toFixed(1)}x faster than Praat's run (median wall ratio).`);
  else
    console.log("Speed: praat is not installed, so Praat's time was not measured (apt-get install praat).");

  const periodicity = (
    JSON.parse(readFileSync(PERIODICITY_TRUTH, 'utf8')) as { pairs: Record<string, PeriodicityTruth> }
  ).pairs;
  const diffs: number[] = [];
  for (const [name, ours] of vowelJitter) {
    const praat = periodicity[name]?.vowelJitterPercent;
    if (ours !== undefined && praat !== undefined) diffs.push(Math.abs(ours - praat));
  }
  const mean = diffs.reduce((s, d) => s + d, 0) / Math.max(1, diffs.length);
  console.log(
    '\n| jitter (local) of the assessment vowel (last 3 s) | pairs | mean abs diff (pp) | worst (pp) | goal | within goal |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ours vs Praat's \`Get jitter (local)\` | ${diffs.length} of ${vowelJitter.size} | ${mean.toFixed(5)} | ${Math.max(0, ...diffs).toFixed(5)} | <= 0.1 | ${ok(Math.max(0, ...diffs), 0.1)} |`,
  );
  console.log(
    "Ours: analyseRange's analysisMs (tone check, Wasm instance, pitch, intensity, pulses, profile). Praat: `praat --run scripts/range/range-truth.praat TAKE no` (start-up, reading the file, To Pitch, To Intensity, quantiles, pulses, jitter, reading each voiced frame's level).",
  );
}
