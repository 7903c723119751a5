// Makes the voice range fixtures (fixtures/voice/range/, issue 31) and Praat's truth on them
// (praat-truth.json). Needs Debian's `praat`, `espeak-ng` and `sox`; never run by the tests,
// which read the committed WAVs and JSON.
// Run: npx tsx scripts/range/make-range-fixtures.ts [--truth-only]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { RANGE_DIR, RANGE_FIXTURES, RANGE_TRUTH, type RangeTruth } from './fixtures';

const TAKE = resolve(import.meta.dirname, 'make-range-take.praat');
const TRUTH = resolve(import.meta.dirname, 'range-truth.praat');
const out = (file: string) => resolve(RANGE_DIR, file);
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });

function klatt(file: string, kind: string, sex: string, rate: number, seed: number): void {
  run('praat', ['--run', TAKE, out(file), kind, sex, String(rate), String(seed)]);
}

function espeak(): void {
  const tmp = mkdtempSync(resolve(tmpdir(), 'range-espeak-'));
  const parts = [
    ['15', 'Do re mi, a low and steady line.'],
    ['50', 'Fa so la, rising in the middle.'],
    ['95', 'Ti and do, high at the top.'],
  ].map(([pitch, text], i) => {
    const part = resolve(tmp, `${i}.wav`);
    run('espeak-ng', ['-v', 'en', '-s', '140', '-p', pitch ?? '50', '-w', part, text ?? '']);
    return part;
  });
  // -R: sox's own fixed random seed, so the dither and the noise below are the same every run.
  run('sox', ['-R', ...parts, '-b', '16', out('espeak-phrase-22k.wav')]);
  const noise = resolve(tmp, 'noise.wav');
  run('sox', ['-R', out('espeak-phrase-22k.wav'), '-r', '16000', resolve(tmp, 'low.wav'), 'lowpass', '3000']);
  run('sox', ['-R', resolve(tmp, 'low.wav'), noise, 'synth', 'whitenoise', 'vol', '0.03']);
  run('sox', ['-R', '-m', resolve(tmp, 'low.wav'), noise, '-b', '16', out('espeak-degraded-16k.wav')]);
  rmSync(tmp, { recursive: true, force: true });
}

if (!process.argv.includes('--truth-only')) {
  klatt('glide-m-16k.wav', 'glide', 'male', 16000, 1);
  klatt('glide-f-16k.wav', 'glide', 'female', 16000, 2);
  klatt('notes-m-16k.wav', 'notes', 'male', 16000, 3);
  klatt('notes-f-22k.wav', 'notes', 'female', 22050, 4);
  klatt('jitter-m-16k.wav', 'jitter', 'male', 16000, 5);
  espeak();
}

const fixtures: Record<string, RangeTruth> = {};
for (const f of RANGE_FIXTURES) {
  const line =
    run('praat', ['--run', TRUTH, out(f.file), 'yes'])
      .toString()
      .trim()
      .split('\n')
      .pop() ?? '';
  const t = JSON.parse(line) as RangeTruth;
  fixtures[f.file] = t;
  console.log(
    `${f.file}: ${t.lowestHz.toFixed(1)}-${t.highestHz.toFixed(1)} Hz, ${t.voicedFrames} voiced frames, jitter ${t.jitterPercent} %`,
  );
}
const truth = {
  generator: 'scripts/range/make-range-fixtures.ts',
  method:
    'scripts/range/range-truth.praat (RANGE_PITCH, To Intensity 100, Get quantile 0.02/0.98, jitter local)',
  praat: execFileSync('praat', ['--version']).toString().trim(),
  fixtures,
};
const options = (await resolveConfig(RANGE_TRUTH)) ?? {};
writeFileSync(RANGE_TRUTH, await format(JSON.stringify(truth), { ...options, parser: 'json' }));
