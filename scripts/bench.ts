// Benchmark: our Wasm engine (every feature) vs pitchy (FFT McLeod) and pitchfinder YIN on the
// same 4096-sample windows of the project's fixtures. Prints speed and accuracy; never fails on time.
// Run: npx tsx scripts/bench.ts [--rounds N]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PitchDetector } from 'pitchy';
import Pitchfinder from 'pitchfinder';
import { createVoiceAnalyser } from '../dsp/loader';
import { loadVoiceModule } from '../dsp/node';
import { decodeWav } from '../dsp/wav';
import { fixturesDir, loadManifest, scorePitch, truthAt, median, type PitchScore } from '../dsp/eval/truth';
import { loadPraatTrack, praatAt, realDir } from '../dsp/eval/praat';

const N = 4096;
const REAL = [
  'vocadito_10',
  'vocadito_14',
  'north_wind_and_the_sun',
  'sustained_a_199hz',
  'sustained_a_110hz',
];

interface Window {
  samples: Float32Array;
  sampleRate: number;
  /** Reference f0 (0 = none expected). */
  ref: number;
  set: 'synthetic' | 'real';
}

type Estimator = (w: Window) => number | null;

// Everyone reports f0 only inside the spec's 80-800 Hz, as our engine does.
const inRange = (f: number | null | undefined): number | null => (f && f >= 80 && f <= 800 ? f : null);

function windowsOf(
  samples: Float32Array,
  sampleRate: number,
  refAt: (t: number) => number | null,
  set: Window['set'],
) {
  const out: Window[] = [];
  for (let start = 0; start + N <= samples.length; start += 2048) {
    const ref = refAt((start + N / 2) / sampleRate);
    if (ref !== null) out.push({ samples: samples.slice(start, start + N), sampleRate, ref, set });
  }
  return out;
}

function collectWindows(): Window[] {
  const manifest = loadManifest();
  const windows: Window[] = [];
  for (const fixture of manifest.fixtures) {
    const wav = decodeWav(readFileSync(resolve(fixturesDir, fixture.file)));
    const refAt = (t: number) => truthAt(fixture, manifest.trackStep, t, N)?.f0 ?? null;
    windows.push(...windowsOf(wav.samples, wav.sampleRate, refAt, 'synthetic'));
  }
  for (const name of REAL) {
    const wav = decodeWav(readFileSync(resolve(realDir, `${name}.wav`)));
    const track = loadPraatTrack(name);
    windows.push(...windowsOf(wav.samples, wav.sampleRate, (t) => praatAt(track, t), 'real'));
  }
  return windows;
}

async function estimators(): Promise<Record<string, Estimator>> {
  const module = await loadVoiceModule();
  const engines = new Map<number, ReturnType<typeof createVoiceAnalyser>>();
  const pitchy = PitchDetector.forFloat32Array(N);
  const yins = new Map<number, ReturnType<typeof Pitchfinder.YIN>>();
  return {
    'wasm engine (all features)': (w) => {
      let engine = engines.get(w.sampleRate);
      if (!engine)
        engines.set(w.sampleRate, (engine = createVoiceAnalyser(module, { sampleRate: w.sampleRate })));
      return engine.analyseWindow(w.samples).f0;
    },
    'pitchy 4.1 (McLeod, clarity >= 0.9)': (w) => {
      const [pitch, clarity] = pitchy.findPitch(w.samples, w.sampleRate);
      return clarity >= 0.9 ? inRange(pitch) : null;
    },
    'pitchfinder 2.3 YIN': (w) => {
      let yin = yins.get(w.sampleRate);
      if (!yin) yins.set(w.sampleRate, (yin = Pitchfinder.YIN({ sampleRate: w.sampleRate })));
      return inRange(yin(w.samples));
    },
  };
}

function timeEstimator(estimate: Estimator, windows: Window[], rounds: number): number {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const w of windows) {
      const t0 = process.hrtime.bigint();
      estimate(w);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return median(times);
}

function accuracy(estimate: Estimator, windows: Window[]): Record<Window['set'], PitchScore> {
  const score = (set: Window['set']) =>
    scorePitch(windows.filter((w) => w.set === set).map((w) => ({ est: estimate(w), ref: w.ref })));
  return { synthetic: score('synthetic'), real: score('real') };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
  const windows = collectWindows();
  const all = await estimators();
  console.log(`${windows.length} windows of ${N} samples (${rounds} timing rounds after a warm-up)\n`);
  const rows: { name: string; ms: number; acc: Record<Window['set'], PitchScore> }[] = [];
  for (const [name, estimate] of Object.entries(all)) {
    timeEstimator(estimate, windows, 1); // warm-up: JIT and first-use allocations
    rows.push({ name, ms: timeEstimator(estimate, windows, rounds), acc: accuracy(estimate, windows) });
  }
  const ours = rows[0]?.ms ?? NaN;
  console.log(
    'estimator'.padEnd(38) +
      'ms/window  x slower   synth RPA50  synth GPE  synth med.c  real RPA50  real GPE  real med.c  voicing(s/r)',
  );
  for (const { name, ms, acc } of rows) {
    const s = acc.synthetic;
    const r = acc.real;
    console.log(
      name.padEnd(38) +
        ms.toFixed(4).padStart(9) +
        (ms / ours).toFixed(1).padStart(10) +
        pct(s.withinTolerance).padStart(13) +
        pct(s.gpe).padStart(11) +
        s.medianAbsCents.toFixed(2).padStart(13) +
        pct(r.withinTolerance).padStart(12) +
        pct(r.gpe).padStart(10) +
        r.medianAbsCents.toFixed(2).padStart(12) +
        `  ${pct(s.voicingAccuracy)}/${pct(r.voicingAccuracy)}`,
    );
  }
  console.log('\nRPA50: share of reference-voiced windows within 50 cents (misses count as wrong).');
  console.log('GPE: share of windows both call voiced that are >20% off. med.c: median |cents| error.');
  console.log('Reference: synthesised f0 (synthetic) or Praat pitch (ac) at the window centre (real).');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
