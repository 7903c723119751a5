// `npm run analyse -- --assessment VOWEL.wav SPEECH.wav [--json] [--range TAKE.wav --calibration DB
// [--mpt SECONDS]]`: the voice assessment (AVQI 03.01 and its six measures, issue 21) of a
// sustained vowel and a read sentence, computed by the Wasm engine as the app computes it, with
// the vowel's jitter (local, %; issue 31). Given a range take and the device's calibration (the dB
// SPL a full-scale sine reads on it), also the Dysphonia Severity Index (src/domain/voice/dsi.ts:
// the range's highest F0 and softest level in dB SPL, the vowel's jitter, and maximum phonation
// time: --mpt when measured, else the vowel take's voiced seconds, a lower bound; docs/voice-range.md). Stereo files are mixed to mono by averaging the channels
// (Praat's "Convert to mono", as the published script does). Exit codes: 0 assessed, 1 the pair
// cannot be assessed (not a voice, vowel under 2 s, no voiced speech, silent, bad rate), 2 usage,
// 3 unreadable file.
import { analyseAssessment, AssessmentError, type AssessmentResult } from '../../dsp/assessment';
import { softestDb, voicedSecondsOf, type RangeResult } from '../../dsp/range';
import { dsiFromInputs, type DsiInputs } from '../../src/domain/voice/dsi';
import { measureRange, numberArg } from './range';
import type { AssessmentRecording } from '../../dsp/assessment-types';
import { loadVoiceModule } from '../../dsp/node';
import { fail, readWavOrExit } from './cli-io';
import { AVQI_BOUNDARY } from '../../src/domain/voice/avqi';

const USAGE =
  'usage: npm run analyse -- --assessment VOWEL.wav SPEECH.wav [--json] [--range TAKE.wav --calibration DB [--mpt SECONDS]]';

function readRecording(path: string): AssessmentRecording {
  const wav = readWavOrExit(path, 3);
  return { samples: [wav.samples], rate: wav.sampleRate };
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

interface Dsi {
  dsi: number;
  inputs: DsiInputs;
  /** Where mptSeconds came from: 'given' (--mpt) or 'vowel' (the vowel take's voiced seconds). */
  mptFrom: 'given' | 'vowel';
}

function resultJson(r: AssessmentResult, dsi: Dsi | null): string {
  return JSON.stringify({
    avqi: round(r.avqi, 4),
    cpps: round(r.cpps, 4),
    hnr: round(r.hnr, 4),
    shimmerPercent: round(r.shimmerPercent, 4),
    shimmerDb: round(r.shimmerDb, 5),
    ltasSlope: round(r.ltasSlope, 4),
    ltasTilt: round(r.ltasTilt, 4),
    jitterPercent: r.jitterPercent === undefined ? null : round(r.jitterPercent, 4),
    ...(dsi
      ? {
          dsi: round(dsi.dsi, 2),
          dsiInputs: {
            mptSeconds: round(dsi.inputs.mptSeconds, 2),
            mptFrom: dsi.mptFrom,
            highestHz: round(dsi.inputs.highestHz, 2),
            softestDbSpl: round(dsi.inputs.softestDbSpl, 2),
            jitterPercent: round(dsi.inputs.jitterPercent, 4),
          },
        }
      : {}),
    analysisMs: round(r.analysisMs, 1),
    engineVersion: r.engineVersion,
  });
}

function printTable(r: AssessmentResult, dsi: Dsi | null): void {
  const side = r.avqi > AVQI_BOUNDARY ? 'above' : 'at or below';
  console.log(`AVQI 03.01            ${r.avqi.toFixed(2)}  (${side} the ${AVQI_BOUNDARY} boundary)`);
  console.log(`CPPS                  ${r.cpps.toFixed(2)} dB`);
  console.log(`HNR                   ${r.hnr.toFixed(2)} dB`);
  console.log(`Shimmer (local)       ${r.shimmerPercent.toFixed(2)} %`);
  console.log(`Shimmer (local, dB)   ${r.shimmerDb.toFixed(3)} dB`);
  console.log(`LTAS slope            ${r.ltasSlope.toFixed(2)} dB`);
  console.log(`LTAS tilt             ${r.ltasTilt.toFixed(2)} dB`);
  const jitter = r.jitterPercent === undefined ? 'not measurable' : `${r.jitterPercent.toFixed(3)} %`;
  console.log(`Jitter (local, vowel) ${jitter}`);
  if (dsi) {
    const i = dsi.inputs;
    const mpt = dsi.mptFrom === 'given' ? 'given' : "the vowel's voiced seconds";
    console.log(`DSI                   ${dsi.dsi.toFixed(2)}  (+5 typical, -5 severe)`);
    console.log(
      `  from MPT ${i.mptSeconds.toFixed(1)} s (${mpt}), F0-high ${i.highestHz.toFixed(0)} Hz, ` +
        `I-low ${i.softestDbSpl.toFixed(1)} dB SPL, jitter ${i.jitterPercent.toFixed(2)} %`,
    );
  }
  console.log(`Engine                ${r.analysisMs.toFixed(0)} ms, ${r.engineVersion}`);
  console.log('A wellbeing indicator, not a diagnosis.');
}

interface Options {
  json: boolean;
  files: string[];
  rangePath?: string;
  calibrationDb?: number;
  mptSeconds?: number;
}

function parse(argv: string[]): Options {
  const o: Options = { json: false, files: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--assessment') continue;
    if (a === '--json') o.json = true;
    else if (a === '--range') {
      const path = argv[++i];
      if (!path || path.startsWith('--')) fail(`--range needs a WAV file\n${USAGE}`, 2);
      o.rangePath = path;
    } else if (a === '--calibration') o.calibrationDb = numberArg(argv, i++, '--calibration', 40, 200);
    else if (a === '--mpt') o.mptSeconds = numberArg(argv, i++, '--mpt', 0.1, 120);
    else if (a.startsWith('-')) fail(`unknown option ${a}\n${USAGE}`, 2);
    else o.files.push(a);
  }
  if (o.files.length !== 2) fail(USAGE, 2);
  // The DSI's softest level is in dB SPL: without a calibration it has no meaning.
  if (o.rangePath !== undefined && o.calibrationDb === undefined)
    fail(
      `--range needs --calibration DB (the dB SPL a full-scale sine reads on the device): the DSI needs dB SPL\n${USAGE}`,
      2,
    );
  if (o.rangePath === undefined && (o.calibrationDb !== undefined || o.mptSeconds !== undefined))
    fail(`--calibration and --mpt are for the DSI, which needs --range TAKE.wav\n${USAGE}`, 2);
  return o;
}

async function dsiOf(
  o: Options,
  vowel: AssessmentRecording,
  result: AssessmentResult,
  range: RangeResult,
): Promise<Dsi | null> {
  if (result.jitterPercent === undefined) {
    process.stderr.write(
      "analyse: no DSI: the vowel's jitter could not be measured (too few regular periods)\n",
    );
    return null;
  }
  const mptSeconds = o.mptSeconds ?? voicedSecondsOf(vowel, await loadVoiceModule());
  const inputs: DsiInputs = {
    mptSeconds,
    highestHz: range.highestHz,
    softestDbSpl: softestDb(range),
    jitterPercent: result.jitterPercent,
  };
  return { dsi: dsiFromInputs(inputs), inputs, mptFrom: o.mptSeconds === undefined ? 'vowel' : 'given' };
}

/** Runs the assessment mode; argv is everything after `scripts/analyse.ts`. */
export async function runAssessment(argv: string[]): Promise<void> {
  const o = parse(argv);
  const [vowelPath, speechPath] = o.files as [string, string];
  const vowel = readRecording(vowelPath);
  const speech = readRecording(speechPath);
  // The range take first: a take with no range fails before the longer assessment runs.
  const range = o.rangePath === undefined ? null : await measureRange(o.rangePath, o.json, o.calibrationDb);
  let result: AssessmentResult;
  try {
    result = analyseAssessment(await loadVoiceModule(), vowel, speech);
  } catch (e) {
    if (!(e instanceof AssessmentError)) throw e;
    if (o.json) process.stdout.write(JSON.stringify({ error: e.code, message: e.message }) + '\n');
    fail(`${e.code}: ${e.message}`, 1);
  }
  const dsi = range ? await dsiOf(o, vowel, result, range) : null;
  if (o.json) process.stdout.write(resultJson(result, dsi) + '\n');
  else printTable(result, dsi);
}
