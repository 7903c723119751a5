// Regenerates fixtures/voice/heldout/: low male voices (a speaking melody around 55, 78 and
// 95 Hz, so 47-114 Hz in all) that the engine was never tuned on, with Praat's pitch as truth.
// With --sweep DIR it writes the wider check instead (54 voices: f0 55, 65, 78, 85, 95 and
// 105 Hz x the three sentences x 16, 22.05 and 44.1 kHz), scored by gross-frames.ts wav DIR.
// Needs Debian's `praat`. Run: npx tsx scripts/pitch-heldout/make-low-voices.ts [--sweep DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOW_VOICES } from '../../dsp/eval/heldout';

const here = import.meta.dirname;
const sweepAt = process.argv.indexOf('--sweep');
const sweepDir = sweepAt >= 0 ? process.argv[sweepAt + 1] : undefined;
const outDir = sweepDir ? resolve(sweepDir) : resolve(here, '../../fixtures/voice/heldout');

const sweep = [55, 65, 78, 85, 95, 105].flatMap((f0) =>
  [1, 2, 3].flatMap((sentence) =>
    [16000, 22050, 44100].map((sampleRate) => ({
      name: `low-${f0}hz-s${sentence}-${Math.round(sampleRate / 1000)}k`,
      f0,
      sampleRate,
      sentence,
    })),
  ),
);

mkdirSync(outDir, { recursive: true });
for (const voice of sweepDir ? sweep : LOW_VOICES) {
  const wav = resolve(outDir, `${voice.name}.wav`);
  execFileSync('praat', [
    '--run',
    resolve(here, 'low-voice.praat'),
    wav,
    String(voice.f0),
    String(voice.sampleRate),
    String(voice.sentence),
  ]);
  const track = execFileSync('praat', [
    '--run',
    resolve(here, 'praat-pitch-low.praat'),
    wav,
    '40',
  ]).toString();
  writeFileSync(resolve(outDir, `${voice.name}.praat-f0.tsv`), track);
  console.log(voice.name);
}
