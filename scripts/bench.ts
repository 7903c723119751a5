// Benchmark: our Wasm engine (every feature on, streamed at its 10 ms hop) against pitchy on
// the corpora of dsp/eval/corpora.ts, printed as the table of issue 11, then speed per frame.
// Run: npm run bench   (npx tsx scripts/bench.ts [--rounds N])
import { PitchDetector } from 'pitchy';
import { createVoiceAnalyser } from '../dsp/loader';
import { loadVoiceModule } from '../dsp/node';
import { buildCorpora, type CorpusItem } from '../dsp/eval/corpora';
import { cents, median } from '../dsp/eval/truth';

const LOW = 50;
const HIGH = 1500;

interface Track {
  /** Frame centres (s) and estimates (Hz, 0 = unvoiced). */
  times: number[];
  f0: number[];
  /** Seconds each side of the frame centre that the estimator looked at. */
  half: number;
}

type Estimator = (item: CorpusItem) => Track;

const module = await loadVoiceModule();

const ours: Estimator = (item) => {
  const analyser = createVoiceAnalyser(module, { sampleRate: item.sampleRate });
  const frames = analyser.analyse(item.samples);
  const work = item.sampleRate > 48000 ? item.sampleRate / 2 : item.sampleRate;
  return {
    times: frames.map((f) => f.t),
    f0: frames.map((f) => f.f0 ?? 0),
    half: analyser.windowSize / 2 / work,
  };
};

/** pitchy (McLeod) on windows of ~85-128 ms (2048 samples up to 24 kHz, else 4096), 10 ms apart. */
function pitchyWindow(rate: number): number {
  return rate <= 24000 ? 2048 : 4096;
}
const pitchy: Estimator = (item) => {
  const n = pitchyWindow(item.sampleRate);
  const detector = PitchDetector.forFloat32Array(n);
  const hop = Math.round(item.sampleRate / 100);
  const times: number[] = [];
  const f0: number[] = [];
  for (let start = 0; start + n <= item.samples.length; start += hop) {
    const [pitch, clarity] = detector.findPitch(item.samples.subarray(start, start + n), item.sampleRate);
    times.push((start + n / 2) / item.sampleRate);
    f0.push(clarity >= 0.9 && pitch >= LOW && pitch <= HIGH ? pitch : 0);
  }
  return { times, f0, half: n / 2 / item.sampleRate };
};

interface Score {
  truthVoiced: number;
  hits: number;
  falseVoiced: number;
  truthUnvoiced: number;
  errors: number[];
  gross: number;
}

function score(items: CorpusItem[], estimate: Estimator, instant = false, band?: [number, number]): Score {
  const s: Score = { truthVoiced: 0, hits: 0, falseVoiced: 0, truthUnvoiced: 0, errors: [], gross: 0 };
  for (const item of items) {
    const track = estimate(item);
    // Both estimators are scored on the same frames: those whose widest window sees one truth.
    const half = Math.max(track.half, 0.064);
    track.times.forEach((t, i) => {
      const truth = item.truth(t, half);
      if (truth === null) return;
      const est = track.f0[i] ?? 0;
      if (truth === 0) {
        s.truthUnvoiced++;
        if (est > 0) s.falseVoiced++;
        return;
      }
      if (band && (truth < band[0] || truth > band[1])) return;
      s.truthVoiced++;
      if (est <= 0) return;
      s.hits++;
      const ref = instant && item.instant ? item.instant(t) || truth : truth;
      s.errors.push(Math.abs(cents(est, ref)));
      if (Math.abs(est / ref - 1) > 0.2) s.gross++;
    });
  }
  return s;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const recall = (s: Score) => (s.truthVoiced ? s.hits / s.truthVoiced : NaN);

interface Row {
  label: string;
  kind: 'voicing' | 'error';
  value: (s: Score) => number;
  show: (v: number) => string;
  items: CorpusItem[];
  instant?: boolean;
  band?: [number, number];
}

function main(): void {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 3;
  const c = buildCorpora();
  const cents = (v: number) => `${v.toFixed(1)} c`;
  const rows: Row[] = [
    {
      label: 'voicing recall, low voices 55-100 Hz (incl. creak)',
      kind: 'voicing',
      value: recall,
      show: pct,
      items: c.low,
      band: [50, 105],
    },
    {
      label: 'voicing recall, sopranos 600-1100 Hz',
      kind: 'voicing',
      value: recall,
      show: pct,
      items: [...c.soprano, ...c.vibratoSoprano],
    },
    {
      label: 'voicing recall, speech at 10 dB SNR',
      kind: 'voicing',
      value: recall,
      show: pct,
      items: c.snr10,
    },
    { label: 'voicing recall, speech at 5 dB SNR', kind: 'voicing', value: recall, show: pct, items: c.snr5 },
    {
      label: 'voicing recall, a quiet voice at -48 dBFS',
      kind: 'voicing',
      value: recall,
      show: pct,
      items: c.quiet,
    },
    {
      label: 'voicing recall, speech in reverb (RT60 0.5 s)',
      kind: 'voicing',
      value: recall,
      show: pct,
      items: c.reverb,
    },
    {
      label: 'median error at 16 kHz input',
      kind: 'error',
      value: (s) => median(s.errors),
      show: cents,
      items: c.rate16k,
    },
    {
      label: 'median error, vibrato sopranos vs the true f0',
      kind: 'error',
      value: (s) => median(s.errors),
      show: cents,
      items: c.vibratoSoprano,
      instant: true,
    },
    {
      label: 'gross errors (>20 %), all voiced rows',
      kind: 'error',
      value: (s) => (s.hits ? s.gross / s.hits : 0),
      show: pct,
      items: [...c.low, ...c.soprano, ...c.snr10, ...c.quiet, ...c.reverb, ...c.rate16k],
    },
    {
      label: 'false voicing on hum, noise and breath',
      kind: 'error',
      value: (s) => (s.truthUnvoiced ? s.falseVoiced / s.truthUnvoiced : 0),
      show: pct,
      items: c.nonVoice,
    },
  ];
  console.log('| measured | ours | pitchy | ours better or equal |');
  console.log('|---|---|---|---|');
  let allGood = true;
  for (const row of rows) {
    const a = row.value(score(row.items, ours, row.instant, row.band));
    const b = row.value(score(row.items, pitchy, row.instant, row.band));
    const good = row.kind === 'voicing' ? a >= b : a < b || (a === 0 && b === 0);
    allGood &&= good;
    console.log(`| ${row.label} | ${row.show(a)} | ${row.show(b)} | ${good ? 'yes' : 'NO'} |`);
  }

  // Speed: ms per analysed frame, every feature on (ours) vs one pitchy window per frame.
  const items = [...c.low, ...c.soprano, ...c.snr10];
  const time = (estimate: Estimator) => {
    let frames = 0;
    estimate(items[0] as CorpusItem); // warm-up
    const t0 = process.hrtime.bigint();
    for (let r = 0; r < rounds; r++) for (const item of items) frames += estimate(item).times.length;
    return Number(process.hrtime.bigint() - t0) / 1e6 / frames;
  };
  const msOurs = time(ours);
  const msPitchy = time(pitchy);
  console.log(
    `| ms per frame (every feature on) | ${msOurs.toFixed(4)} | ${msPitchy.toFixed(4)} | ${(msPitchy / msOurs).toFixed(1)}x faster |`,
  );
  console.log('\nVoicing rows: share of truth-voiced frames the estimator voices (higher is better).');
  console.log(
    'Error rows: median |cents| on frames both voice, gross-error and false-voicing rates (lower is better).',
  );
  console.log(
    'Truth: synthesised f0 (vowels, creak, vibrato, hum, noise) or Praat (ac) on the clean espeak-ng speech.',
  );
  console.log(
    `pitchy: McLeod, clarity >= 0.9, ${LOW}-${HIGH} Hz, windows of 2048 (<= 24 kHz) or 4096 samples.`,
  );
  if (!allGood) console.log('\nNOTE: at least one row is not better than pitchy.');
}

main();
