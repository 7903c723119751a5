// Writes fixtures/voice/avqi/praat-periodicity.json: Praat's shimmer local (%), shimmer local dB,
// voice-report HNR and jitter (local) on the joined signal of every pair, and jitter (local) of
// each vowel's last 3 s, for every pair in praat-truth.json (and the joined
// WAVs under .tmp/avqi-periodicity/). Needs Debian's `praat`.
// Run: npx tsx scripts/avqi/make-periodicity-truth.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { readAvqiTruth } from '../../dsp/eval/avqi-truth';
import { PERIODICITY_TRUTH, runPeriodicityTruth, type PeriodicityTruth } from './periodicity-truth';

const pairs: Record<string, PeriodicityTruth> = {};
for (const pair of readAvqiTruth().pairs) {
  const p = runPeriodicityTruth(pair.name, pair.vowel, pair.speech);
  pairs[pair.name] = p;
  console.log(
    `${pair.name}: shimmer ${p.shimmerPercent.toFixed(3)} %, ${p.shimmerDb.toFixed(4)} dB, HNR ${p.hnr.toFixed(3)} dB, jitter ${p.jitterPercent.toFixed(3)} %, vowel ${p.vowelJitterPercent.toFixed(3)} %`,
  );
}
const truth = {
  generator: 'scripts/avqi/make-periodicity-truth.ts',
  method:
    'scripts/avqi/periodicity-truth.praat: the AVQI 03.01 joined signal, saved as 16-bit WAV and read back',
  praat: execFileSync('praat', ['--version']).toString().trim(),
  pairs,
};
const options = (await resolveConfig(PERIODICITY_TRUTH)) ?? {};
writeFileSync(PERIODICITY_TRUTH, await format(JSON.stringify(truth), { ...options, parser: 'json' }));
