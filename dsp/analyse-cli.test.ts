import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './node';
import { voiceModule } from './test-helpers';

const run = promisify(execFile);
const tsx = resolve(repoRoot, 'node_modules/tsx/dist/cli.mjs');

async function analyse(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  await voiceModule(); // make sure the .wasm exists before the CLI needs it
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, 'scripts/analyse.ts', ...args], {
      cwd: repoRoot,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('analyse CLI', () => {
  it('prints one JSON frame per line and a summary line for the e2e fixture', async () => {
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
  }, 30_000);

  it("says what the tuning room would: 'We could not hear a voice' for a pure tone", async () => {
    const { code, stdout } = await analyse('fixtures/voice/non-voice/sine-440hz-48k.wav', '--json');
    expect(code).toBe(0);
    const summary = (
      JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { summary: Record<string, unknown> }
    ).summary;
    expect(summary.feedback).toMatchObject({ heard: 'tone', tips: [] });
    expect((summary.feedback as { headline: string }).headline).toMatch(/^We could not hear a voice/);
  }, 30_000);

  it('prints a readable table and summary without --json', async () => {
    const { code, stdout } = await analyse('fixtures/voice/synth-octave-traps-48k.wav');
    expect(code).toBe(0);
    expect(stdout).toMatch(/t\(s\)\s+f0\(Hz\)/);
    expect(stdout).toMatch(/overallScore/);
  }, 30_000);

  it('exits non-zero with a clear message for a missing file', async () => {
    const { code, stderr } = await analyse('fixtures/voice/does-not-exist.wav');
    expect(code).toBe(1);
    expect(stderr).toMatch(/file not found: fixtures\/voice\/does-not-exist.wav/);
  }, 30_000);

  it('exits non-zero with a clear message for a file that is not a WAV', async () => {
    const { code, stderr } = await analyse('fixtures/voice/synthetic.json');
    expect(code).toBe(3);
    expect(stderr).toMatch(/not a WAV file/);
  }, 30_000);
});
