// `npm run analyse -- --target ... FILE.wav --json` (issue 22): the command members' takes and
// our own checks go through, run as a real process like dsp/analyse-cli.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderSungTake } from './eval/sung-take';
import { repoRoot } from './node';
import { voiceModule } from './test-helpers';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { runProcess } from '../scripts/lib/test-processes';
import { encodeWav16 } from './wav';

const dir = mkdtempSync(join(tmpdir(), 'analyse-target-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function analyse(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  await voiceModule(); // make sure the .wasm exists before the CLI needs it
  // One process (`node --import tsx`; the tsx CLI would start a second one to run it).
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'scripts/analyse.ts', ...args], {
    cwd: repoRoot,
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const lastLine = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop() ?? 'null') as unknown;
const cents = (hz: number, c: number) => hz * 2 ** (c / 1200);

describe('analyse --target', () => {
  it(
    'scores each note of a sung take from the file start: A3 30 c flat, C#4 20 c sharp, E4 on pitch',
    async () => {
      const rate = 48000;
      const { samples } = renderSungTake(
        [
          { seconds: 1, hz: cents(220, -30), jitter: 0.002, shimmer: 0.02 },
          { seconds: 1, hz: cents(277.1826, 20), jitter: 0.002, shimmer: 0.02 },
          { seconds: 1, hz: 329.6276, jitter: 0.002, shimmer: 0.02 },
        ],
        rate,
        22,
      );
      const file = join(dir, 'take.wav');
      writeFileSync(file, encodeWav16(samples, rate));
      const { code, stdout } = await analyse('--target', 'A3:1,C#4:1,E4:1', file, '--json');
      expect(code).toBe(0);
      const result = lastLine(stdout) as { notes: Record<string, unknown>[]; score: number };
      expect(Object.keys(result)).toEqual(['notes', 'score']);
      expect(result.notes.map((n) => Object.keys(n))).toEqual(
        Array(3).fill(['target', 'centsOff', 'heldFraction', 'onsetMs']),
      );
      expect(result.notes.map((n) => n.target)).toEqual(['A3:1', 'C#4:1', 'E4:1']);
      [-30, 20, 0].forEach((truth, i) => {
        expect(Math.abs((result.notes[i]?.centsOff as number) - truth)).toBeLessThanOrEqual(3);
        expect(result.notes[i]?.heldFraction).toBeGreaterThanOrEqual(0.95);
        expect(result.notes[i]?.onsetMs).toBeLessThanOrEqual(60);
      });
      // each note held: 70 each; closeness 30 x (50-30)/40 = 15, 30 x (50-20)/40 = 22.5 and 30:
      // (85 + 92.5 + 100) / 3 = 92.5
      expect(result.score).toBeGreaterThanOrEqual(91);
      expect(result.score).toBeLessThanOrEqual(94);
    },
    scaledTimeout(30_000),
  );

  it(
    'reads the e2e fixture (a 220 Hz voice after 1.2 s of silence) as about 0 cents off A3, the rest unscored',
    async () => {
      const { code, stdout } = await analyse(
        '--target',
        '-:1.5,A3:3',
        'fixtures/voice/e2e-sung-a3-220hz.wav',
        '--json',
      );
      expect(code).toBe(0);
      const result = lastLine(stdout) as {
        notes: { target: string; centsOff: number | null }[];
        score: number;
      };
      expect(result.notes[0]).toEqual({ target: '-:1.5', centsOff: null, heldFraction: null, onsetMs: null });
      expect(result.notes[1]?.target).toBe('A3:3');
      expect(Math.abs(result.notes[1]?.centsOff ?? 99)).toBeLessThan(5);
      expect(result.score).toBeGreaterThanOrEqual(95);
    },
    scaledTimeout(30_000),
  );

  it(
    'prints a readable table with the score rule without --json',
    async () => {
      const { code, stdout } = await analyse('--target', 'A3:3', 'fixtures/voice/e2e-sung-a3-220hz.wav');
      expect(code).toBe(0);
      expect(stdout).toMatch(/A3:3\s+220\.0/);
      expect(stdout).toMatch(/Score \d+\/100\. Each note scores up to 100/);
    },
    scaledTimeout(30_000),
  );

  it.each([
    ['A3:1,C9:1', /note 2 "C9:1": C9 is 8372\.0 Hz, outside the 50-1500 Hz/],
    ['A3:1,,C4:1', /note 2 is empty/],
  ])(
    'refuses the target %j with a clear message and exit code 1, printing no result',
    async (target, message) => {
      const { code, stdout, stderr } = await analyse(
        '--target',
        target,
        'fixtures/voice/e2e-sung-a3-220hz.wav',
        '--json',
      );
      expect(code).toBe(1);
      expect(stderr).toMatch(/^analyse: --target: /);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    },
    scaledTimeout(30_000),
  );

  it(
    'keeps the file errors of the plain command: missing file 1, not a WAV 3',
    async () => {
      const missing = await analyse('--target', 'A3:1', 'fixtures/voice/does-not-exist.wav');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/file not found/);
      const notWav = await analyse('--target', 'A3:1', 'fixtures/voice/synthetic.json');
      expect(notWav.code).toBe(3);
      expect(notWav.stderr).toMatch(/not a WAV file/);
    },
    scaledTimeout(30_000),
  );
});
