// Benchmark: our Wasm engine (every feature on, streamed at its 10 ms hop) against pitchy on
// the corpora of dsp/eval/corpora.ts, printed as the table of issue 11, then speed per frame.
// Run: npm run bench   (npx tsx scripts/bench.ts [--rounds N]: timing runs, median reported, default 5)
import { PitchDetector } from 'pitchy';
import { heldoutTable } from './bench/heldout';
import { loadVoiceModule } from '../dsp/node';
import { buildCorpora } from '../dsp/eval/corpora';
import { median } from '../dsp/eval/truth';
import {
  oursEstimator,
  score,
  recall,
  grossRate,
  falseVoicingRate,
  type Estimator,
  type Score,
} from '../dsp/eval/score';
import type { CorpusItem } from '../dsp/eval/corpora';
import { memberPitchRange, type PitchRangeHz } from '../src/domain/voice/pitch-range';
import { speedTable } from './lib/bench-speed';
import { printPitchTargetSection } from './bench/pitch-target';
import { benchAvqi } from './bench/avqi';
import { benchRange } from './bench/range';

const LOW = 50;
const HIGH = 1500;

const module = await loadVoiceModule();
const ours = oursEstimator(module);

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

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

interface Row {
  label: string;
  kind: 'voicing' | 'error';
  value: (s: Score) => number;
  show: (v: number) => string;
  items: CorpusItem[];
  instant?: boolean;
  band?: [number, number];
  /** Raw counts shown beside the rate (so "0.0 %" is visibly zero). */
  count?: (s: Score) => string;
  /** Our engine as configured for this row (default: the full 50-1500 Hz). */
  oursAs?: Estimator;
}

// The ranges a bass and a soprano get from their own history (src/domain/voice/pitch-range.ts):
// ten recordings with medians 62-98 Hz and 620-1070 Hz.
const bassRange = memberPitchRange(Array.from({ length: 10 }, (_, i) => 62 + 4 * i)) ?? undefined;
const sopranoRange = memberPitchRange(Array.from({ length: 10 }, (_, i) => 620 + 50 * i)) ?? undefined;
const rangeText = (r: PitchRangeHz | undefined) => (r ? `${r.floorHz}-${r.ceilingHz} Hz` : 'full range');

function main(): void {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 5;
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
      value: grossRate,
      show: pct,
      count: (s) => `${s.gross} of ${s.hits}`,
      items: [...c.low, ...c.soprano, ...c.snr10, ...c.quiet, ...c.reverb, ...c.rate16k],
    },
    {
      label: 'false voicing on hum, noise and breath',
      kind: 'error',
      value: falseVoicingRate,
      show: pct,
      count: (s) => `${s.falseVoiced} of ${s.truthUnvoiced}`,
      items: c.nonVoice,
    },
    {
      label: `voicing recall, low voices with their own range (${rangeText(bassRange)})`,
      kind: 'voicing',
      value: recall,
      show: pct,
      items: c.low,
      band: [50, 105],
      oursAs: oursEstimator(module, bassRange),
    },
    {
      label: `voicing recall, sopranos with their own range (${rangeText(sopranoRange)})`,
      kind: 'voicing',
      value: recall,
      show: pct,
      items: [...c.soprano, ...c.vibratoSoprano],
      oursAs: oursEstimator(module, sopranoRange),
    },
  ];
  console.log('| measured | ours | pitchy | ours better or equal |');
  console.log('|---|---|---|---|');
  let allGood = true;
  for (const row of rows) {
    const opts = { instant: row.instant, band: row.band };
    const sa = score(row.items, row.oursAs ?? ours, opts);
    const sb = score(row.items, pitchy, opts);
    const a = row.value(sa);
    const b = row.value(sb);
    const good = row.kind === 'voicing' ? a >= b : a < b || (a === 0 && b === 0);
    allGood &&= good;
    const show = (v: number, s: Score) => row.show(v) + (row.count ? ` (${row.count(s)})` : '');
    console.log(`| ${row.label} | ${show(a, sa)} | ${show(b, sb)} | ${good ? 'yes' : 'NO'} |`);
  }

  // Speed: ms per analysed frame, every feature on (ours) vs one pitchy window per frame, on the
  // corpora as they are (with their pauses) and on their voiced stretches only.
  for (const line of speedTable(module, [...c.low, ...c.soprano, ...c.snr10], rounds, LOW, HIGH))
    console.log(line);
  for (const line of heldoutTable(ours, pitchy)) console.log(line);
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
  printPitchTargetSection(module);
  benchRange(module, benchAvqi(module));
}

main();
