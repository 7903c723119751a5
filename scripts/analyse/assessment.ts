// `npm run analyse -- --assessment VOWEL.wav SPEECH.wav [--json]`: the voice assessment (AVQI
// 03.01 and its six measures, issue 21) of a sustained vowel and a read sentence, computed by the
// Wasm engine as the app computes it. Stereo files are mixed to mono by averaging the channels
// (Praat's "Convert to mono", as the published script does). Exit codes: 0 assessed, 1 the pair
// cannot be assessed (not a voice, vowel under 2 s, no voiced speech, silent, bad rate), 2 usage,
// 3 unreadable file.
import { analyseAssessment, AssessmentError, type AssessmentResult } from '../../dsp/assessment';
import type { AssessmentRecording } from '../../dsp/assessment-types';
import { loadVoiceModule } from '../../dsp/node';
import { fail, readWavOrExit } from './cli-io';
import { AVQI_BOUNDARY } from '../../src/domain/voice/avqi';

const USAGE = 'usage: npm run analyse -- --assessment VOWEL.wav SPEECH.wav [--json]';

function readRecording(path: string): AssessmentRecording {
  const wav = readWavOrExit(path, 3);
  return { samples: [wav.samples], rate: wav.sampleRate };
}

const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

function resultJson(r: AssessmentResult): string {
  return JSON.stringify({
    avqi: round(r.avqi, 4),
    cpps: round(r.cpps, 4),
    hnr: round(r.hnr, 4),
    shimmerPercent: round(r.shimmerPercent, 4),
    shimmerDb: round(r.shimmerDb, 5),
    ltasSlope: round(r.ltasSlope, 4),
    ltasTilt: round(r.ltasTilt, 4),
    analysisMs: round(r.analysisMs, 1),
    engineVersion: r.engineVersion,
  });
}

function printTable(r: AssessmentResult): void {
  const side = r.avqi > AVQI_BOUNDARY ? 'above' : 'at or below';
  console.log(`AVQI 03.01            ${r.avqi.toFixed(2)}  (${side} the ${AVQI_BOUNDARY} boundary)`);
  console.log(`CPPS                  ${r.cpps.toFixed(2)} dB`);
  console.log(`HNR                   ${r.hnr.toFixed(2)} dB`);
  console.log(`Shimmer (local)       ${r.shimmerPercent.toFixed(2)} %`);
  console.log(`Shimmer (local, dB)   ${r.shimmerDb.toFixed(3)} dB`);
  console.log(`LTAS slope            ${r.ltasSlope.toFixed(2)} dB`);
  console.log(`LTAS tilt             ${r.ltasTilt.toFixed(2)} dB`);
  console.log(`Engine                ${r.analysisMs.toFixed(0)} ms, ${r.engineVersion}`);
  console.log('A wellbeing indicator, not a diagnosis.');
}

/** Runs the assessment mode; argv is everything after `scripts/analyse.ts`. */
export async function runAssessment(argv: string[]): Promise<void> {
  const json = argv.includes('--json');
  const files: string[] = [];
  for (const a of argv) {
    if (a === '--json' || a === '--assessment') continue;
    if (a.startsWith('-')) fail(`unknown option ${a}\n${USAGE}`, 2);
    files.push(a);
  }
  const [vowelPath, speechPath] = files;
  if (files.length !== 2 || !vowelPath || !speechPath) fail(USAGE, 2);
  const vowel = readRecording(vowelPath);
  const speech = readRecording(speechPath);
  let result: AssessmentResult;
  try {
    result = analyseAssessment(await loadVoiceModule(), vowel, speech);
  } catch (e) {
    if (!(e instanceof AssessmentError)) throw e;
    if (json) process.stdout.write(JSON.stringify({ error: e.code, message: e.message }) + '\n');
    fail(`${e.code}: ${e.message}`, 1);
  }
  if (json) process.stdout.write(resultJson(result) + '\n');
  else printTable(result);
}
