// Analyses a WAV file with the voice-analyser Wasm engine (the same module the AudioWorklet runs).
// Usage: npx tsx scripts/analyse.ts file.wav [--json] [--hop N]
//        npx tsx scripts/analyse.ts --assessment VOWEL.wav SPEECH.wav [--json]  (scripts/analyse/assessment.ts)
//        npx tsx scripts/analyse.ts --range TAKE.wav [--calibration DB] [--json]  (scripts/analyse/range.ts)
//   --json  one JSON object per frame per line, then {"summary": {...}}
// With --target "A3:1,C#4:1,E4:1": scores the take against the target (scripts/analyse/target.ts).
import { existsSync } from 'node:fs';
import { loadVoiceModule, wasmPath } from '../dsp/node';
import { createVoiceAnalyser } from '../dsp/loader';
import { summariseFrames, type FrameSummary } from '../dsp/summary';
import type { VoiceFrame } from '../dsp/types';
import { overallScore, scoreColour } from '../src/domain/voice/score';
import { decideFeedback } from '../src/domain/voice/feedback';
import { createSummaryAccumulator } from '../src/features/tuning/recording-summary';
import { runTarget, wantsTarget } from './analyse/target';
import { runAssessment } from './analyse/assessment';
import { runRange } from './analyse/range';
import { fail, readWavOrExit, requireAnalyserRate } from './analyse/cli-io';

interface Args {
  file: string;
  json: boolean;
  /** 0 = the engine's default, 10 ms. */
  hop: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { file: '', json: false, hop: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--json') args.json = true;
    else if (a === '--hop') args.hop = Number(argv[++i]);
    else if (a.startsWith('-')) fail(`unknown option ${a}`, 2);
    else args.file = a;
  }
  if (!args.file) fail('usage: npx tsx scripts/analyse.ts file.wav [--json] [--hop N]', 2);
  if (!Number.isInteger(args.hop) || (args.hop !== 0 && (args.hop < 32 || args.hop > 4096)))
    fail('--hop must be an integer 32-4096 (default: 10 ms)', 2);
  return args;
}

const round = (v: number, digits = 4): number => Math.round(v * 10 ** digits) / 10 ** digits;

function frameJson(f: VoiceFrame): string {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(f)) out[k] = v === null ? null : round(v);
  return JSON.stringify(out);
}

function scoreOf(s: FrameSummary) {
  const score = overallScore({
    clarity: s.clarity,
    stability: s.stability,
    resonance: s.resonance,
    projection: s.projection,
  });
  return { overallScore: score.overall, colour: scoreColour(score.overall), breakdown: score.breakdown };
}

/** What the tuning room would say: the app's own accumulator and feedback table (docs/voice-feedback.md). */
function feedbackOf(frames: VoiceFrame[]) {
  const acc = createSummaryAccumulator();
  frames.forEach((f) => acc.add(f));
  const m = acc.measurements();
  const f = decideFeedback(m);
  return { presence: m.presence, feedback: { heard: f.heard, headline: f.headline, tips: f.tips } };
}

function printTable(frames: VoiceFrame[], summary: object): void {
  const every = Math.max(1, Math.round(frames.length / 40));
  console.log('    t(s)   f0(Hz)  clarity  stabil.  breath.  reson.  centroid   zcr     rms');
  frames.forEach((f, i) => {
    if (i % every) return;
    const cells = [f.t.toFixed(3).padStart(8), (f.f0 ? f.f0.toFixed(1) : '-').padStart(8)];
    for (const v of [f.clarity, f.stability, f.breathiness, f.resonance])
      cells.push(v.toFixed(2).padStart(8));
    cells.push(f.spectralCentroid.toFixed(0).padStart(9), f.zeroCrossingRate.toFixed(3).padStart(7));
    cells.push(f.rms.toFixed(4).padStart(8));
    console.log(cells.join(' '));
  });
  console.log('\nSummary');
  for (const [k, v] of Object.entries(summary)) console.log(`  ${k.padEnd(18)} ${JSON.stringify(v)}`);
}

async function main(): Promise<void> {
  if (wantsTarget(process.argv)) return runTarget(process.argv.slice(2));
  if (process.argv.includes('--assessment')) return runAssessment(process.argv.slice(2));
  if (process.argv.includes('--range')) return runRange(process.argv.slice(2));
  const args = parseArgs(process.argv.slice(2));
  const wav = readWavOrExit(args.file, 1);
  requireAnalyserRate(wav, args.file);
  if (!existsSync(wasmPath)) process.stderr.write(`analyse: building ${wasmPath} (first run)...\n`);
  const analyser = createVoiceAnalyser(await loadVoiceModule(), {
    sampleRate: wav.sampleRate,
    hop: args.hop || undefined,
  });
  const frames = analyser.analyse(wav.samples);
  const stats = summariseFrames(frames, wav.samples.length / wav.sampleRate);
  const summary = {
    file: args.file,
    sampleRate: wav.sampleRate,
    channels: wav.channels,
    ...scoreOf(stats),
    ...stats,
    ...feedbackOf(frames),
  };
  if (args.json) {
    const lines = frames.map(frameJson);
    lines.push(JSON.stringify({ summary }));
    process.stdout.write(lines.join('\n') + '\n');
  } else printTable(frames, summary);
}

main().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
