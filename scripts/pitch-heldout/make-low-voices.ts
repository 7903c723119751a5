// Regenerates fixtures/voice/heldout/: low male voices (a speaking melody around 55, 78 and
// 95 Hz, so 47-114 Hz in all) that the engine was never tuned on, with Praat's pitch as truth.
// Needs Debian's `praat`. Run: npx tsx scripts/pitch-heldout/make-low-voices.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOW_VOICES } from '../../dsp/eval/heldout';

const here = import.meta.dirname;
const outDir = resolve(here, '../../fixtures/voice/heldout');

for (const voice of LOW_VOICES) {
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
