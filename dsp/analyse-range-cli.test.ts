// `npm run analyse -- --range FILE.wav --json` and the assessment's DSI (issue 31): one JSON line
// with exactly the keys, Praat's numbers on a range fixture; a clear message and exit 2
// for bad arguments, exit 1 for a take with no range.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readAvqiTruth } from './eval/avqi-truth';
import { repoRoot } from './node';
import { profileOf } from './range';
import { FULL_SCALE_SINE_DB } from './range-types';
import { voiceModule } from './test-helpers';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { runProcess } from '../scripts/lib/test-processes';
import { RANGE_TRUTH, type RangeTruth } from '../scripts/range/fixtures';
import { PERIODICITY_TRUTH, type PeriodicityTruth } from '../scripts/avqi/periodicity-truth';
import { dsiFromInputs } from '../src/domain/voice/dsi';

async function analyse(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  await voiceModule(); // make sure the .wasm exists before the CLI needs it
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'scripts/analyse.ts', ...args], {
    cwd: repoRoot,
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const lastJson = (stdout: string): Record<string, unknown> =>
  JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;

const rangeTruth = (JSON.parse(readFileSync(RANGE_TRUTH, 'utf8')) as { fixtures: Record<string, RangeTruth> })
  .fixtures;
const TAKE = 'fixtures/voice/range/glide-m-16k.wav';
const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

describe('analyse --range', () => {
  it(
    "prints the issue's keys, no more, with Praat's lowest and highest F0 and jitter",
    async () => {
      const { code, stdout } = await analyse('--range', TAKE, '--json');
      expect(code).toBe(0);
      const out = lastJson(stdout);
      expect(Object.keys(out)).toEqual([
        'lowestHz',
        'highestHz',
        'lowestNote',
        'highestNote',
        'rangeSemitones',
        'profile',
        'jitterPercent',
        'analysisMs',
        'engineVersion',
      ]);
      const praat = rangeTruth['glide-m-16k.wav']!;
      expect(Math.abs(cents(Number(out.lowestHz), praat.lowestHz))).toBeLessThan(25);
      expect(Math.abs(cents(Number(out.highestHz), praat.highestHz))).toBeLessThan(25);
      expect(Math.abs(Number(out.jitterPercent) - (praat.jitterPercent ?? NaN))).toBeLessThan(0.1);
      expect(out).toMatchObject({
        lowestNote: 'F#2',
        highestNote: 'F4',
        engineVersion: expect.stringMatching(/range/),
      });
      const profile = out.profile as { semitone: number; minDb: number; maxDb: number }[];
      expect(profile.length).toBeGreaterThan(10);
      expect(Object.keys(profile[0]!)).toEqual(['semitone', 'minDb', 'maxDb']);
    },
    scaledTimeout(60_000),
  );

  it(
    'says why and exits 1 for a steady tone; exits 2 with a clear message for bad arguments',
    async () => {
      const tone = await analyse('--range', 'fixtures/voice/non-voice/sine-440hz-48k.wav', '--json');
      expect(tone.code).toBe(1);
      expect(lastJson(tone.stdout)).toMatchObject({ error: 'not-a-voice' });
      const noFile = await analyse('--range');
      expect(noFile.code).toBe(2);
      expect(noFile.stderr).toMatch(/usage: .*--range FILE\.wav/);
      const badCalibration = await analyse('--range', TAKE, '--calibration', 'loud');
      expect(badCalibration.code).toBe(2);
      expect(badCalibration.stderr).toMatch(/--calibration needs a number/);
    },
    scaledTimeout(90_000),
  );
});

describe('analyse --assessment with the DSI', () => {
  const pair = readAvqiTruth().pairs.find((p) => p.name === 'clean-m-16k')!;

  it(
    "adds the vowel's jitter, and the DSI from --range and --calibration, within 0.2 of the formula on Praat's numbers",
    async () => {
      const { code, stdout } = await analyse(
        '--assessment',
        pair.vowel,
        pair.speech,
        '--json',
        '--range',
        TAKE,
        '--calibration',
        '115',
        '--mpt',
        '18',
      );
      expect(code).toBe(0);
      const out = lastJson(stdout);
      const periodicity = (
        JSON.parse(readFileSync(PERIODICITY_TRUTH, 'utf8')) as { pairs: Record<string, PeriodicityTruth> }
      ).pairs[pair.name]!;
      expect(Math.abs(Number(out.jitterPercent) - periodicity.vowelJitterPercent)).toBeLessThan(0.1);
      const praat = rangeTruth['glide-m-16k.wav']!;
      const praatProfile = profileOf(
        Float64Array.from(praat.f0),
        Float64Array.from(praat.db),
        115 - FULL_SCALE_SINE_DB,
      );
      const praatDsi = dsiFromInputs({
        mptSeconds: 18,
        highestHz: praat.highestHz,
        softestDbSpl: Math.min(...praatProfile.map((p) => p.minDb)),
        jitterPercent: periodicity.vowelJitterPercent,
      });
      expect(Math.abs(Number(out.dsi) - praatDsi)).toBeLessThan(0.2);
      expect(out.dsiInputs).toMatchObject({ mptSeconds: 18, mptFrom: 'given' });
    },
    scaledTimeout(60_000),
  );

  it(
    'refuses --range without --calibration (the DSI needs dB SPL) with exit 2',
    async () => {
      const { code, stderr } = await analyse('--assessment', pair.vowel, pair.speech, '--range', TAKE);
      expect(code).toBe(2);
      expect(stderr).toMatch(/--range needs --calibration DB/);
    },
    scaledTimeout(30_000),
  );
});
