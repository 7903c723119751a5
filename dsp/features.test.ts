import { describe, expect, it } from 'vitest';
import { createVoiceAnalyser } from './loader';
import { analyseFixture, sine, voiceModule } from './test-helpers';
import type { VoiceFrame } from './types';

async function analyse(samples: Float32Array, sampleRate: number, hop?: number): Promise<VoiceFrame[]> {
  return createVoiceAnalyser(await voiceModule(), { sampleRate, hop }).analyse(samples);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const inSpan = (frames: VoiceFrame[], from: number, to: number) =>
  frames.filter((f) => f.t >= from && f.t <= to);

describe('level and spectral features', () => {
  it('measures RMS, peak, zero-crossing rate and centroid of a 441 Hz sine', async () => {
    const frames = await analyse(sine(441, 44100, 1, 0.5), 44100);
    const f = frames[5];
    if (!f) throw new Error('no frame');
    // The window is not a whole number of periods, so DC removal shifts these slightly.
    expect(f.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(f.peak).toBeCloseTo(0.5, 2);
    expect(f.zeroCrossingRate).toBeCloseTo((2 * 441) / 44100, 3);
    expect(Math.abs(f.spectralCentroid - 441)).toBeLessThan(15);
    expect(f.f0).toBeCloseTo(441, 1);
    expect(f.semitone).toBeCloseTo(69 + 12 * Math.log2(441 / 440), 3);
  });

  it('maps a -20 dBFS tone to volume 0.6 and a pure tone (no energy above 1 kHz) to projection 0.51', async () => {
    const frames = await analyse(sine(220, 48000, 1, 0.1 * Math.SQRT2), 48000);
    const f = frames[5];
    expect(f?.volume).toBeCloseTo(0.6, 2);
    // 0.6 x (-20 + 50) / 35 from the level; the tilt term is 0 for a pure tone.
    expect(f?.projection).toBeCloseTo((0.6 * 30) / 35, 2);
  });

  it('stamps frames at the window centre, one hop apart', async () => {
    const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: 48000, hop: 512 });
    const frames = analyser.analyse(sine(220, 48000, 0.5));
    expect(frames[0]?.t).toBeCloseTo(analyser.windowSize / 2 / analyser.workingRate, 6);
    expect((frames[3]?.t ?? 0) - (frames[2]?.t ?? 0)).toBeCloseTo(512 / 48000, 6);
  });

  it('reports silence as no pitch and zero voice measures', async () => {
    const frames = await analyse(new Float32Array(48000), 48000);
    for (const f of frames) {
      expect(f).toMatchObject({
        f0: null,
        semitone: null,
        clarity: 0,
        breathiness: 0,
        resonance: 0,
        volume: 0,
      });
    }
  });

  it('measures the dynamic range of a tone stepping from -30 to -10 dBFS as 0.4', async () => {
    const quiet = sine(220, 48000, 0.6, 0.0316 * Math.SQRT2);
    const loud = sine(220, 48000, 0.6, 0.316 * Math.SQRT2);
    const frames = await analyse(Float32Array.from([...quiet, ...loud]), 48000);
    // The volume history holds the last 50 frames with sound (0.5 s at 10 ms): read it 0.2 s
    // after the step, when it spans both levels.
    expect(frames.find((f) => f.t >= 0.8)?.dynamicRange).toBeCloseTo(0.4, 1);
  });
});

describe('voice-quality measures on synthetic vowels', () => {
  it('lowers clarity and raises breathiness as breath noise grows, and lowers clarity under jitter', async () => {
    const { frames } = await analyseFixture('synth-rough-breathy-44k.wav');
    // Segments (1 s each after 0.25 s gaps): clean, jitter+shimmer, 12 dB SNR, 6 dB SNR.
    const span = (i: number) => inSpan(frames, 0.25 + i * 1.25 + 0.05, 1.25 + i * 1.25 - 0.05);
    const clarity = [0, 1, 2, 3].map((i) => mean(span(i).map((f) => f.clarity)));
    const breath = [0, 1, 2, 3].map((i) => mean(span(i).map((f) => f.breathiness)));
    const [clean = 0, rough = 0, snr12 = 0, snr6 = 0] = clarity;
    expect(clean).toBeGreaterThan(0.9);
    expect(rough).toBeLessThan(clean - 0.1);
    expect(snr12).toBeLessThan(clean - 0.3);
    expect(snr6).toBeLessThan(snr12 - 0.1);
    expect(breath[3]).toBeGreaterThan((breath[2] ?? 1) + 0.1);
    expect(breath[2]).toBeGreaterThan((breath[0] ?? 1) + 0.2);
  });

  it('rates a steady tone more stable than the same pitch with vibrato', async () => {
    const steady = await analyse(sine(196, 48000, 1.5), 48000);
    const vibrato = inSpan((await analyseFixture('synth-vibrato-48k.wav')).frames, 0.3, 1.7);
    const stability = (fs: VoiceFrame[]) => fs.filter((f) => f.stability > 0).map((f) => f.stability);
    expect(Math.min(...stability(steady))).toBeGreaterThan(0.999);
    expect(mean(stability(vibrato))).toBeLessThan(0.995);
  });
});
