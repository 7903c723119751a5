// Writes the synthetic voice fixtures (16-bit mono WAVs) and their truth manifest
// fixtures/voice/synthetic.json. Deterministic: same code, same bytes.
// Run: npx tsx scripts/make-voice-fixtures.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { resolve } from 'node:path';
import { encodeWav16 } from '../dsp/wav';
import { FIXTURES, TRACK_STEP, type FixtureSpec } from '../dsp/synth/specs';
import { renderFixture } from '../dsp/synth/synth';

const outDir = resolve(import.meta.dirname, '../fixtures/voice');

function round(values: Float64Array, digits: number): number[] {
  const scale = 10 ** digits;
  return Array.from(values, (v) => Math.round(v * scale) / scale);
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const manifest = {
    generator: 'scripts/make-voice-fixtures.ts',
    trackStep: TRACK_STEP,
    fixtures: [] as object[],
  };
  for (const spec of FIXTURES) {
    const { samples, track } = renderFixture(spec);
    writeFileSync(resolve(outDir, spec.file), encodeWav16(samples, spec.sampleRate));
    manifest.fixtures.push(describe(spec, round(track, 2), samples.length));
    console.log(`${spec.file}: ${(samples.length / spec.sampleRate).toFixed(2)} s`);
  }
  // Formatted like the rest of the repository so `prettier --check .` stays clean.
  const manifestPath = resolve(outDir, 'synthetic.json');
  const options = (await resolveConfig(manifestPath)) ?? {};
  writeFileSync(manifestPath, await format(JSON.stringify(manifest), { ...options, parser: 'json' }));
}

function describe(spec: FixtureSpec, f0: number[], length: number): object {
  return {
    file: spec.file,
    sampleRate: spec.sampleRate,
    duration: length / spec.sampleRate,
    description: spec.description,
    tags: spec.tags ?? [],
    segments: spec.segments.map((s) => ({ ...s })),
    f0,
  };
}

await main();
