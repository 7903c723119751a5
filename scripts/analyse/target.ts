// `npm run analyse -- --target "A3:1,C#4:1,E4:1" FILE.wav [--json] [--hop N]` (issue 22):
// scores a sung take against a target, note by note, with the same Wasm engine the worklet
// runs and the app's own scorer (src/domain/pitch-target). The target starts at the file's
// first sample. --json prints one line: {"notes":[{target,centsOff,heldFraction,onsetMs}],"score"}.
// Exit codes as scripts/analyse.ts: 1 for a bad target or a missing file, 2 for usage, 3 for a
// file that is not a readable WAV.
import { existsSync } from 'node:fs';
import { createVoiceAnalyser } from '../../dsp/loader';
import { loadVoiceModule, wasmPath } from '../../dsp/node';
import { fail, readWavOrExit, requireAnalyserRate } from './cli-io';
import {
  analysisRangeFor,
  hzToNoteName,
  parseTarget,
  scoreTake,
  SCORE_RULE_TEXT,
  TargetError,
  type ExerciseResult,
  type TargetNote,
} from '../../src/domain/pitch-target';

interface TargetArgs {
  target: string;
  file: string;
  json: boolean;
  hop: number;
}

const USAGE = 'usage: npm run analyse -- --target "A3:1,C#4:1,E4:1" file.wav [--json] [--hop N]';

/** True when the command line asks for the target mode (scripts/analyse.ts dispatches on it). */
export function wantsTarget(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--target' || a.startsWith('--target='));
}

function parseArgs(argv: string[]): TargetArgs {
  const args: TargetArgs = { target: '', file: '', json: false, hop: 0 };
  let sawTarget = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--json') args.json = true;
    else if (a === '--hop') args.hop = Number(argv[++i]);
    else if (a === '--target' || a.startsWith('--target=')) {
      sawTarget = true;
      args.target = a === '--target' ? (argv[++i] ?? '') : a.slice('--target='.length);
    } else if (a.startsWith('-') && a !== '-') fail(`unknown option ${a}`, 2);
    else if (args.file) fail(`one file at a time (got ${args.file} and ${a})`, 2);
    else args.file = a;
  }
  if (!sawTarget || !args.file) fail(USAGE, 2);
  if (!Number.isInteger(args.hop) || (args.hop !== 0 && (args.hop < 32 || args.hop > 4096)))
    fail('--hop must be an integer 32-4096 (default: 10 ms)', 2);
  return args;
}

function printTable(target: TargetNote[], result: ExerciseResult): void {
  console.log('  target        Hz   nearest  cents off   held   arrived');
  result.notes.forEach((n, i) => {
    const hz = target[i]?.hz ?? null;
    const cells = [
      n.target.padEnd(10),
      (hz === null ? '-' : hz.toFixed(1)).padStart(8),
      (hz === null ? '' : hzToNoteName(hz)).padStart(9),
      (n.centsOff === null
        ? hz === null
          ? 'rest'
          : 'not sung'
        : `${n.centsOff > 0 ? '+' : ''}${n.centsOff}`
      ).padStart(10),
      (n.heldFraction === null ? '' : `${Math.round(n.heldFraction * 100)} %`).padStart(6),
      (n.onsetMs === null ? '' : `${n.onsetMs} ms`).padStart(9),
    ];
    console.log(`  ${cells.join(' ')}`);
  });
  console.log(`\nScore ${result.score}/100. ${SCORE_RULE_TEXT}`);
}

export async function runTarget(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  let target: TargetNote[];
  try {
    target = parseTarget(args.target);
  } catch (e) {
    fail(`--target: ${e instanceof TargetError ? e.message : String(e)}`, 1);
  }
  const wav = readWavOrExit(args.file, 1);
  requireAnalyserRate(wav, args.file);
  if (!existsSync(wasmPath)) process.stderr.write(`analyse: building ${wasmPath} (first run)...\n`);
  // The worklet's engine and frames, with the range a voice singing this target needs
  // (an octave either side of its notes): a shorter window that follows vibrato closely.
  const analyser = createVoiceAnalyser(await loadVoiceModule(), {
    sampleRate: wav.sampleRate,
    hop: args.hop || undefined,
    pitchRange: analysisRangeFor(target),
  });
  const frames = analyser.analyse(wav.samples).map((f) => ({ t: f.t, f0: f.f0 }));
  const result = scoreTake(target, frames);
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else printTable(target, result);
}
