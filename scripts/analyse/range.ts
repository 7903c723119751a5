// `npm run analyse -- --range FILE.wav [--calibration DB] [--json]`: the voice range profile
// (issue 31, docs/voice-range.md) of one take of glides and held notes, computed by the Wasm
// engine as the app computes it: lowest and highest F0 (Praat's Get quantile 0.02 / 0.98 of the
// voiced frames), their note names, the range in semitones, the phonetogram (softest and loudest
// level per semitone; Praat's intensity of the samples, or dB SPL with --calibration, the dB SPL
// a full-scale sine reads on the recording device) and jitter (local) of the whole take's pulses
// on the range pitch track (glides raise it; the DSI takes the assessment vowel's). Exit codes:
// 0 measured, 1 no range in the take (silent, too short, no voice, a steady tone), 2 usage,
// 3 unreadable file.
import { analyseRange, midiName, RangeAnalysisError, type RangeResult } from '../../dsp/range';
import { loadVoiceModule } from '../../dsp/node';
import { fail, readWavOrExit } from './cli-io';

export const RANGE_USAGE = 'usage: npm run analyse -- --range FILE.wav [--calibration DB] [--json]';

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** A number argument after `flag`, or exit 2 naming the flag. */
export function numberArg(argv: string[], i: number, flag: string, min: number, max: number): number {
  const raw = argv[i + 1];
  const v = Number(raw);
  if (
    raw === undefined ||
    raw.startsWith('--') ||
    raw.trim() === '' ||
    !Number.isFinite(v) ||
    v < min ||
    v > max
  )
    fail(`${flag} needs a number from ${min} to ${max} (got ${raw ?? 'nothing'})`, 2);
  return v;
}

/** The take's range, or exit 1 with the reason (and, with --json, {error, message}). */
export async function measureRange(
  path: string,
  json: boolean,
  calibrationDb?: number,
): Promise<RangeResult> {
  const wav = readWavOrExit(path, 3);
  try {
    return analyseRange(
      { samples: [wav.samples], rate: wav.sampleRate },
      { module: await loadVoiceModule(), calibrationDb },
    );
  } catch (e) {
    if (!(e instanceof RangeAnalysisError)) throw e;
    if (json) process.stdout.write(JSON.stringify({ error: e.code, message: e.message }) + '\n');
    fail(`${e.code}: ${e.message}`, 1);
  }
}

export function rangeJson(r: RangeResult): string {
  return JSON.stringify({
    lowestHz: round(r.lowestHz, 2),
    highestHz: round(r.highestHz, 2),
    lowestNote: r.lowestNote,
    highestNote: r.highestNote,
    rangeSemitones: r.rangeSemitones,
    profile: r.profile.map((p) => ({
      semitone: p.semitone,
      minDb: round(p.minDb, 2),
      maxDb: round(p.maxDb, 2),
    })),
    jitterPercent: r.jitterPercent === undefined ? null : round(r.jitterPercent, 4),
    analysisMs: round(r.analysisMs, 1),
    engineVersion: r.engineVersion,
  });
}

function printSummary(r: RangeResult): void {
  const unit = r.levels === 'spl' ? 'dB SPL' : 'dB (file level: add --calibration for dB SPL)';
  console.log(`Lowest note     ${r.lowestNote} (${r.lowestHz.toFixed(1)} Hz)`);
  console.log(`Highest note    ${r.highestNote} (${r.highestHz.toFixed(1)} Hz)`);
  console.log(
    `Range           ${r.rangeSemitones.toFixed(1)} semitones, ${r.voicedSeconds.toFixed(1)} s voiced`,
  );
  console.log(
    `Jitter (local)  ${r.jitterPercent === undefined ? 'not measurable' : `${r.jitterPercent.toFixed(2)} %`}`,
  );
  console.log(`\nPhonetogram, ${unit}`);
  console.log('  note   softest  loudest  dynamic range');
  for (const p of r.profile) {
    const cells = [
      midiName(p.semitone).padStart(6),
      p.minDb.toFixed(1).padStart(8),
      p.maxDb.toFixed(1).padStart(8),
    ];
    console.log(`${cells.join(' ')}  ${(p.maxDb - p.minDb).toFixed(1).padStart(6)} dB`);
  }
  console.log(`\nEngine          ${r.analysisMs.toFixed(0)} ms, ${r.engineVersion}`);
}

/** Runs the range mode; argv is everything after `scripts/analyse.ts`. */
export async function runRange(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const files: string[] = [];
  let calibrationDb: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--json' || a === '--range') continue;
    if (a === '--calibration') calibrationDb = numberArg(argv, i++, '--calibration', 40, 200);
    else if (a.startsWith('-')) fail(`unknown option ${a}\n${RANGE_USAGE}`, 2);
    else files.push(a);
  }
  const [path] = files;
  if (files.length !== 1 || !path) fail(RANGE_USAGE, 2);
  const result = await measureRange(path, json, calibrationDb);
  if (json) process.stdout.write(rangeJson(result) + '\n');
  else printSummary(result);
}
