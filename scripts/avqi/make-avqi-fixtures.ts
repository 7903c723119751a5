// Writes the AVQI agreement fixtures (issue 21) and Praat's truth for them:
//   fixtures/voice/avqi/<name>-vowel.wav, <name>-speech.wav   synthetic pairs (make-pair.praat)
//   fixtures/voice/avqi/praat-truth.json                       Praat running avqi-0301.praat
// on every synthetic pair and on the real pairs listed below. Needs Debian's `praat` and `sox`.
// Run: npx tsx scripts/avqi/make-avqi-fixtures.ts
// With --graded it writes the graded voices instead (GRADED_PAIRS, issue 31) and their truth:
//   fixtures/voice/graded/<name>-vowel.wav, <name>-speech.wav, praat-truth.json
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { AVQI_PAIRS, GRADED_PAIRS, REAL_PAIRS, type SyntheticPair } from './pairs';
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
