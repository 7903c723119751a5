import { describe, expect, it } from 'vitest';
import { repoRoot } from './node';
import { voiceModule } from './test-helpers';
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';
import { runProcess } from '../scripts/lib/test-processes';

async function analyse(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  await voiceModule(); // make sure the .wasm exists before the CLI needs it
  // One process (`node --import tsx`; the tsx CLI would start a second one to run it).
  const r = await runProcess(process.execPath, ['--import', 'tsx', 'scripts/analyse.ts', ...args], {
    cwd: repoRoot,
  });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('analyse CLI', () => {
  it(
    'prints one JSON frame per line and a summary line for the e2e fixture',
    async () => {
      const { code, stdout } = await analyse('fixtures/voice/e2e-sung-a3-220hz.wav', '--json');
      expect(code).toBe(0);
      const lines = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const summary = lines.pop()?.summary as Record<string, number | object>;
      expect(lines.length).toBeGreaterThan(250);
      for (const key of ['t', 'f0', 'clarity', 'stability', 'breathiness', 'resonance', 'spectralCentroid']) {
        expect(lines[100]).toHaveProperty(key);
      }
      expect(summary.medianF0).toBeGreaterThan(218);
      expect(summary.medianF0).toBeLessThan(222);
      expect(summary.overallScore).toBeGreaterThanOrEqual(0);
      expect(summary.overallScore).toBeLessThanOrEqual(100);
      // The tuning room's verdict and advice (src/domain/voice/feedback.ts) for the same frames.
      expect(summary.feedback).toMatchObject({ heard: 'voice' });
    },
    scaledTimeout(30_000),
  );

  it(
    "says what the tuning room would: 'We could not hear a voice' for a pure tone",
    async () => {
      const { code, stdout } = await analyse('fixtures/voice/non-voice/sine-440hz-48k.wav', '--json');
      expect(code).toBe(0);
      const summary = (
        JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { summary: Record<string, unknown> }
      ).summary;
      expect(summary.feedback).toMatchObject({ heard: 'tone', tips: [] });
      expect((summary.feedback as { headline: string }).headline).toMatch(/^We could not hear a voice/);
    },
    scaledTimeout(30_000),
  );

  it(
    'prints a readable table and summary without --json',
    async () => {
      const { code, stdout } = await analyse('fixtures/voice/synth-octave-traps-48k.wav');
      expect(code).toBe(0);
      expect(stdout).toMatch(/t\(s\)\s+f0\(Hz\)/);
      expect(stdout).toMatch(/overallScore/);
    },
    scaledTimeout(30_000),
  );

  it(
    'exits non-zero with a clear message for a missing file',
    async () => {
      const { code, stderr } = await analyse('fixtures/voice/does-not-exist.wav');
      expect(code).toBe(1);
      expect(stderr).toMatch(/file not found: fixtures\/voice\/does-not-exist.wav/);
    },
    scaledTimeout(30_000),
  );

  it(
    'exits non-zero with a clear message for a file that is not a WAV',
    async () => {
      const { code, stderr } = await analyse('fixtures/voice/synthetic.json');
      expect(code).toBe(3);
      expect(stderr).toMatch(/not a WAV file/);
    },
    scaledTimeout(30_000),
  );
});
