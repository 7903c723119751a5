import { describe, expect, it } from 'vitest';
import { analyseFixture } from './test-helpers';
import { cents, loadManifest, truthAt } from './eval/truth';

const manifest = loadManifest();

// Frames whose window (3 periods of 50 Hz, 60-70 ms) straddles a voicing boundary (onset/offset) are not scored: the window holds both silence and tone, so "voiced" and
// "unvoiced" are both defensible. Every other frame is scored, including the ones right
// after an onset once the whole window is inside the tone.
describe.each(manifest.fixtures.map((f) => [f.file, f] as const))('synthetic fixture %s', (file, fixture) => {
  it('reports f0 within 10 cents (20 for rough voices) of the synthesised pitch on at least 99% of voiced frames, and gets voicing right on at least 98%', async () => {
    const { frames, windowSize } = await analyseFixture(file);
    // 1 % jitter moves single cycles by ~17 cents, and the 60-70 ms window holds only ~10 of
    // them, so the rough and noisy voices are held to 20 cents.
    const tolerance = fixture.tags.includes('quality') ? 20 : 10;
    let voiced = 0;
    let within = 0;
    let scored = 0;
    let voicingRight = 0;
    for (const frame of frames) {
      const truth = truthAt(fixture, manifest.trackStep, frame.t, windowSize);
      if (!truth) continue;
      scored++;
      if (truth.f0 > 0 === (frame.f0 !== null)) voicingRight++;
      if (truth.f0 <= 0) continue;
      voiced++;
      // A missed voiced frame counts as a pitch error too.
      if (frame.f0 !== null && Math.abs(cents(frame.f0, truth.f0)) <= tolerance) within++;
    }
    expect(scored).toBeGreaterThan(frames.length * 0.6);
    if (voiced > 0) expect(within / voiced).toBeGreaterThanOrEqual(0.99);
    expect(voicingRight / scored).toBeGreaterThanOrEqual(0.98);
  });
});

describe('pitch edge cases', () => {
  it('reports no f0 for silence, noise, breath and mains hum and tones outside 50-1500 Hz', async () => {
    const fixture = manifest.fixtures.find((f) => f.file === 'synth-unvoiced-44k.wav');
    if (!fixture) throw new Error('synth-unvoiced-44k.wav missing from the manifest');
    const { frames, windowSize } = await analyseFixture(fixture.file);
    const unvoicedFrames = frames.filter(
      (f) => truthAt(fixture, manifest.trackStep, f.t, windowSize)?.f0 === 0,
    );
    expect(unvoicedFrames.length).toBeGreaterThan(100);
    expect(unvoicedFrames.filter((f) => f.f0 !== null)).toHaveLength(0);
  });

  it('finds the true fundamental when the 2nd harmonic dominates or the fundamental is missing', async () => {
    const fixture = manifest.fixtures.find((f) => f.file === 'synth-octave-traps-48k.wav');
    if (!fixture) throw new Error('synth-octave-traps-48k.wav missing from the manifest');
    const { frames, windowSize } = await analyseFixture(fixture.file);
    const errors = frames.flatMap((f) => {
      const truth = truthAt(fixture, manifest.trackStep, f.t, windowSize);
      return truth && truth.f0 > 0 && f.f0 !== null ? [Math.abs(cents(f.f0, truth.f0))] : [];
    });
    expect(errors.length).toBeGreaterThan(60);
    // An octave error would be 1200 cents; every scored frame is within 10 cents.
    expect(Math.max(...errors)).toBeLessThan(10);
  });
});
