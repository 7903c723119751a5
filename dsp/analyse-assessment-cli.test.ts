// `npm run analyse -- --assessment VOWEL.wav SPEECH.wav --json` (issue 21): one JSON object as the
// last line, Praat's numbers for a fixture pair; a clear message and exit code 1 when the pair
// cannot be assessed.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_GOALS } from './eval/avqi-agreement';
import { readAvqiTruth } from './eval/avqi-truth';
import { repoRoot } from './node';
import { voiceModule } from './test-helpers';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { runProcess } from '../scripts/lib/test-processes';
import { decodeWav, encodeWav16 } from './wav';

async function analyse(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  await voiceModule(); // make sure the .wasm exists before the CLI needs it
  // One process (`node --import tsx`; the tsx CLI would start a second one to run it).
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'scripts/analyse.ts', ...args], {
    cwd: repoRoot,
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const lastJson = (stdout: string): Record<string, unknown> =>
  JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;

const pair = readAvqiTruth().pairs.find((p) => p.name === 'clean-m-16k');

describe('analyse --assessment', () => {
  it(
    "prints AVQI and its six measures as one JSON line, matching Praat's on a fixture pair",
    async () => {
      if (!pair) throw new Error('fixture pair clean-m-16k is missing');
      const { code, stdout } = await analyse('--assessment', pair.vowel, pair.speech, '--json');
      expect(code).toBe(0);
      const out = lastJson(stdout);
      for (const key of [
        'avqi',
        'cpps',
        'hnr',
        'shimmerPercent',
        'shimmerDb',
        'ltasSlope',
        'ltasTilt',
      ] as const) {
        // Within the tolerance for each measure, on this one pair.
        expect(Math.abs(Number(out[key]) - pair.praat[key]), key).toBeLessThanOrEqual(AGREEMENT_GOALS[key]);
      }
      // Issue 31: the vowel's jitter (local, %), always.
      expect(out.jitterPercent).toBeGreaterThanOrEqual(0);
      expect(out).not.toHaveProperty('dsi');
      expect(out.analysisMs).toBeGreaterThan(0);
      expect(out.engineVersion).toMatch(/avqi-03\.01/);
    },
    scaledTimeout(60_000),
  );

  it(
    'says why and exits 1 when the vowel is not a voice, too short, or silent',
    async () => {
      if (!pair) throw new Error('fixture pair clean-m-16k is missing');
      const dir = mkdtempSync(join(tmpdir(), 'assessment-cli-'));
      const vowel = decodeWav(readFileSync(resolve(repoRoot, pair.vowel)));
      const short = join(dir, 'short.wav');
      writeFileSync(short, encodeWav16(vowel.samples.slice(0, vowel.sampleRate), vowel.sampleRate));
      const silent = join(dir, 'silent.wav');
      writeFileSync(silent, encodeWav16(new Float32Array(vowel.sampleRate * 4), vowel.sampleRate));

      const noise = await analyse(
        '--assessment',
        'fixtures/voice/non-voice/noise-48k.wav',
        pair.speech,
        '--json',
      );
      expect(noise.code).toBe(1);
      expect(lastJson(noise.stdout)).toMatchObject({ error: 'not-a-voice' });
      expect(noise.stderr).toMatch(/not-a-voice: .*voice/);

      const tooShort = await analyse('--assessment', short, pair.speech);
      expect(tooShort.code).toBe(1);
      expect(tooShort.stderr).toMatch(/vowel-too-short: The vowel lasts 1\.0 s/);

      const quiet = await analyse('--assessment', pair.vowel, silent);
      expect(quiet.code).toBe(1);
      expect(quiet.stderr).toMatch(/silent: The speech recording is silent/);
    },
    scaledTimeout(120_000),
  );

  it(
    'exits 1 when the speech has no voiced part',
    async () => {
      if (!pair) throw new Error('fixture pair clean-m-16k is missing');
      const { code, stderr } = await analyse(
        '--assessment',
        pair.vowel,
        'fixtures/voice/non-voice/noise-48k.wav',
      );
      expect(code).toBe(1);
      expect(stderr).toMatch(/no-voiced-speech/);
    },
    scaledTimeout(60_000),
  );

  it(
    'needs exactly two files',
    async () => {
      const { code, stderr } = await analyse('--assessment', 'fixtures/voice/non-voice/noise-48k.wav');
      expect(code).toBe(2);
      expect(stderr).toMatch(/usage: .*--assessment VOWEL\.wav SPEECH\.wav/);
    },
    scaledTimeout(30_000),
  );
});
