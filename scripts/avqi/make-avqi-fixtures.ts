// Writes the AVQI agreement fixtures (issue 21) and Praat's truth for them:
//   fixtures/voice/avqi/<name>-vowel.wav, <name>-speech.wav   synthetic pairs (make-pair.praat)
//   fixtures/voice/avqi/praat-truth.json                       Praat running avqi-0301.praat
// on every synthetic pair and on the real pairs listed below. Needs Debian's `praat` and `sox`.
// Run: npx tsx scripts/avqi/make-avqi-fixtures.ts
// With --graded it writes the graded voices instead (GRADED_PAIRS and the sox-degraded real and
// eSpeak NG takes of DEGRADED_PAIRS, issue 31) and their truth:
//   fixtures/voice/graded/<name>-vowel.wav, <name>-speech.wav, praat-truth.json
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import {
  AVQI_PAIRS,
  DEGRADED_PAIRS,
  GRADED_PAIRS,
  REAL_PAIRS,
  type DegradedPair,
  type SyntheticPair,
} from './pairs';
import { runPraatAvqi } from './praat';

const root = resolve(import.meta.dirname, '../..');
const graded = process.argv.includes('--graded');
const outDir = resolve(root, graded ? 'fixtures/voice/graded' : 'fixtures/voice/avqi');

function makePair(pair: SyntheticPair, seed: number): void {
  const { sex, rate, aspiration, breathiness, flutter, doublePulsing, snr, jitter, shimmer } = pair.source;
  execFileSync('praat', [
    '--run',
    resolve(import.meta.dirname, 'make-pair.praat'),
    outDir,
    pair.name,
    sex,
    String(rate),
    String(aspiration),
    String(breathiness),
    String(flutter),
    String(doublePulsing),
    String(snr),
    String(seed),
    String(jitter ?? 0),
    String(shimmer ?? 0),
  ]);
  if (pair.stereo) {
    // A second channel 1 dB quieter and 0.2 ms later: a stereo take whose channels differ.
    for (const take of ['vowel', 'speech']) {
      const mono = resolve(outDir, `${pair.name}-${take}.wav`);
      const stereo = `${mono}.stereo.wav`;
      execFileSync('sox', [mono, stereo, 'remix', '1', '1', 'delay', '0', '0.0002', 'gain', '-n', '-3']);
      renameSync(stereo, mono);
    }
  }
}

/** One take of a degraded pair: 16 kHz mono 16-bit, cut, sox's effects, then the noise mixed in. */
function makeDegradedTake(pair: DegradedPair, take: 'vowel' | 'speech'): string {
  // -R: sox seeds its noise and dither, so every run writes the same bytes.
  const source = pair[take];
  const out = resolve(outDir, `${pair.name}-${take}.wav`);
  const clean = pair.noise > 0 ? `${out}.clean.wav` : out;
  const cut = ['remix', '1', 'trim', String(source.start), String(pair.seconds)];
  execFileSync('sox', [
    '-R',
    resolve(root, source.file),
    '-r',
    '16000',
    '-c',
    '1',
    '-b',
    '16',
    clean,
    ...cut,
    ...pair.effects,
    'gain',
    '-n',
    '-3',
  ]);
  if (pair.noise > 0) {
    const noise = `${out}.noise.wav`;
    execFileSync('sox', [
      '-R',
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      noise,
      'synth',
      String(pair.seconds),
      'pinknoise',
      'vol',
      String(pair.noise),
    ]);
    execFileSync('sox', ['-R', '-m', '-v', '1', clean, '-v', '1', noise, out]);
    rmSync(clean);
    rmSync(noise);
  }
  return out;
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const truth = {
    generator: `scripts/avqi/make-avqi-fixtures.ts${graded ? ' --graded' : ''}`,
    method: 'AVQI 03.01 (Barsties & Maryn 2015) in Praat: scripts/avqi/avqi-0301.praat',
    praat: execFileSync('praat', ['--version']).toString().trim(),
    pairs: [] as object[],
  };
  let seed = graded ? 101 : 1;
  for (const pair of graded ? GRADED_PAIRS : AVQI_PAIRS) {
    makePair(pair, seed++);
    const vowel = resolve(outDir, `${pair.name}-vowel.wav`);
    const speech = resolve(outDir, `${pair.name}-speech.wav`);
    const praat = runPraatAvqi(vowel, speech);
    console.log(`${pair.name}: AVQI ${praat.avqi.toFixed(2)}`);
    truth.pairs.push({
      name: pair.name,
      kind: 'synthetic',
      source: pair.source,
      stereo: !!pair.stereo,
      vowel: relative(root, vowel),
      speech: relative(root, speech),
      praat,
    });
  }
  for (const pair of graded ? DEGRADED_PAIRS : []) {
    const vowel = makeDegradedTake(pair, 'vowel');
    const speech = makeDegradedTake(pair, 'speech');
    const praat = runPraatAvqi(vowel, speech);
    console.log(`${pair.name}: AVQI ${praat.avqi.toFixed(2)}`);
    truth.pairs.push({
      ...pair,
      kind: 'degraded',
      vowel: relative(root, vowel),
      speech: relative(root, speech),
      praat,
    });
  }
  for (const pair of graded ? [] : REAL_PAIRS) {
    const praat = runPraatAvqi(resolve(root, pair.vowel), resolve(root, pair.speech));
    console.log(`${pair.name}: AVQI ${praat.avqi.toFixed(2)}`);
    truth.pairs.push({ ...pair, kind: 'real', praat });
  }
  const truthPath = resolve(outDir, 'praat-truth.json');
  const options = (await resolveConfig(truthPath)) ?? {};
  writeFileSync(truthPath, await format(JSON.stringify(truth), { ...options, parser: 'json' }));
}

await main();
