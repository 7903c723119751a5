import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVoiceAnalyser } from './loader';
import { FRAME_STRIDE, FrameField } from './layout';
import { repoRoot } from './node';
import { harmonicTone, readFixture, sine, voiceModule } from './test-helpers';
import type { VoiceFrame } from './types';

describe('voice-analyser engine', () => {
  it('needs no imports other than env.abort and starts with 8 pages, grown only by the assessment arena', async () => {
    const module = await voiceModule();
    const imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`);
    expect(imports.filter((name) => name !== 'env.abort')).toEqual([]);
    const instance = new WebAssembly.Instance(module, { env: { abort: () => undefined } });
    const ex = instance.exports as unknown as {
      memory: WebAssembly.Memory;
      arenaReset(): void;
      arenaAlloc(bytes: number): number;
      arenaUsed(): number;
    };
    expect(ex.memory.buffer.byteLength).toBe(8 * 65536);
    ex.arenaReset();
    const at = ex.arenaAlloc(3 * 65536 + 5);
    expect(at % 16).toBe(0);
    expect(at).toBeGreaterThanOrEqual(8 * 65536);
    expect(ex.memory.buffer.byteLength).toBeGreaterThanOrEqual(at + 3 * 65536 + 5);
    expect(ex.arenaUsed()).toBe(3 * 65536 + 5);
    ex.arenaReset();
    expect(ex.arenaAlloc(16)).toBe(at); // reused, not grown again
  });

  it('never grows its memory while analysing, so views onto it stay valid', async () => {
    const module = await voiceModule();
    const instance = new WebAssembly.Instance(module, { env: { abort: () => undefined } });
    const ex = instance.exports as unknown as {
      memory: WebAssembly.Memory;
      init(sr: number, hop: number): number;
      push(n: number): number;
      inputPtr(): number;
    };
    expect(ex.init(48000, 128)).toBe(0);
    const before = ex.memory.buffer;
    const input = new Float32Array(ex.memory.buffer, ex.inputPtr(), 128);
    const tone = sine(220, 48000, 1);
    let frames = 0;
    for (let i = 0; i + 128 <= tone.length; i += 128) {
      input.set(tone.subarray(i, i + 128));
      frames += ex.push(128);
    }
    expect(frames).toBeGreaterThan(300);
    expect(ex.memory.buffer).toBe(before);
    expect(before.byteLength).toBe(8 * 65536);
  });

  it('gives the same frames whether samples arrive in 128-sample quanta or all at once', async () => {
    const wav = readFixture('synth-vibrato-48k.wav');
    const module = await voiceModule();
    const whole = createVoiceAnalyser(module, { sampleRate: wav.sampleRate }).analyse(wav.samples);
    const streamed: VoiceFrame[] = [];
    const live = createVoiceAnalyser(module, { sampleRate: wav.sampleRate });
    for (let i = 0; i < wav.samples.length; i += 128) {
      live.process(wav.samples.subarray(i, i + 128), (f) => streamed.push({ ...f }));
    }
    expect(streamed).toEqual(whole);
  });

  it('restarts its clock and histories on reset', async () => {
    const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: 44100, hop: 1024 });
    analyser.analyse(sine(300, 44100, 1));
    analyser.reset();
    const frames = analyser.analyse(sine(300, 44100, 0.2));
    expect(frames[0]?.t).toBeCloseTo(analyser.windowSize / 2 / analyser.workingRate, 6);
    expect(frames[0]?.stability).toBe(0);
  });

  it('analyses a single window directly with the same numbers as the ring buffer', async () => {
    // At 24 kHz nothing is decimated, so the ring holds exactly the samples given.
    const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: 24000 });
    expect(analyser.workingRate).toBe(24000);
    const tone = sine(233, 24000, analyser.windowSize / 24000);
    const viaRing = createVoiceAnalyser(await voiceModule(), { sampleRate: 24000 }).analyse(tone)[0];
    const direct = analyser.analyseWindow(tone);
    expect(direct.f0).toBeCloseTo(viaRing?.f0 ?? 0, 4);
    expect(direct.clarity).toBeCloseTo(viaRing?.clarity ?? 0, 4);
  });

  it('rejects sample rates outside 8-96 kHz and hops outside 32-4096 with clear errors', async () => {
    const module = await voiceModule();
    expect(() => createVoiceAnalyser(module, { sampleRate: 4000 })).toThrow(/8000-96000/);
    expect(() => createVoiceAnalyser(module, { sampleRate: 192000 })).toThrow(/8000-96000/);
    expect(() => createVoiceAnalyser(module, { sampleRate: 48000, hop: 16 })).toThrow(/32-4096/);
  });

  it('uses a 10 ms hop and a window of 3 periods of the floor (plus half the longest lag) at any rate', async () => {
    for (const sampleRate of [8000, 16000, 22050, 44100, 48000, 96000]) {
      const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate });
      const frames = analyser.analyse(sine(220, sampleRate, 0.5));
      expect((frames[5]?.t ?? 0) - (frames[4]?.t ?? 0)).toBeCloseTo(0.01, 4);
      // Analysed at 16-29 kHz: 44.1 and 48 kHz are halved, 96 kHz quartered.
      const work = analyser.workingRate;
      expect(work).toBe(
        sampleRate > 58000 ? sampleRate / 4 : sampleRate > 29000 ? sampleRate / 2 : sampleRate,
      );
      // 60 ms of 50 Hz floor + ~10 ms: the same duration whatever the rate.
      expect(analyser.windowSize / work).toBeGreaterThan(0.07);
      expect(analyser.windowSize / work).toBeLessThan(0.072);
    }
  });

  it('narrows the window when the member has a higher floor, never beyond the clamp', async () => {
    const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: 48000 });
    const wide = analyser.windowSize;
    expect(analyser.setPitchRange(100, 1000)).toEqual({ floorHz: 100, ceilingHz: 1000 });
    expect(analyser.windowSize).toBeLessThan(wide * 0.6);
    expect(analyser.setPitchRange(300, 400)).toEqual({ floorHz: 120, ceilingHz: 700 });
  });

  it('finds pitch from 50 to 1500 Hz at 16, 44.1 and 96 kHz, and to 1333 Hz at 8 kHz', async () => {
    for (const sampleRate of [8000, 16000, 44100, 96000]) {
      // At 8 kHz a 1480 Hz period is 5.4 samples: the ceiling there is rate / 6.
      for (const f0 of sampleRate === 8000 ? [52, 100, 1047, 1300] : [52, 100, 1047, 1480]) {
        // A voice always has harmonics (a pure tone under 72 Hz is mains hum, not a voice).
        const frames = createVoiceAnalyser(await voiceModule(), { sampleRate }).analyse(
          harmonicTone(f0, sampleRate, 0.5),
        );
        const tolerance = sampleRate === 8000 && f0 > 1000 ? 20 : 5;
        expect(Math.abs(1200 * Math.log2((frames.at(-1)?.f0 ?? 1) / f0))).toBeLessThan(tolerance);
      }
    }
  });

  it('does not voice mains hum (a pure 50 or 60 Hz tone)', async () => {
    for (const hz of [50, 60]) {
      const frames = createVoiceAnalyser(await voiceModule(), { sampleRate: 48000 }).analyse(
        sine(hz, 48000, 1),
      );
      expect(frames.filter((f) => f.f0 !== null)).toHaveLength(0);
    }
  });

  it('analyses 16 kHz and 96 kHz input', async () => {
    for (const sampleRate of [16000, 96000]) {
      const frames = createVoiceAnalyser(await voiceModule(), { sampleRate }).analyse(
        sine(100, sampleRate, 1),
      );
      expect(frames.at(-1)?.f0).toBeCloseTo(100, 1);
    }
  });

  it('keeps the loader frame layout identical to the AssemblyScript one', () => {
    const source = readFileSync(resolve(repoRoot, 'dsp/assembly/layout.ts'), 'utf8');
    const fields = Object.fromEntries(
      [...source.matchAll(/export const (\w+): i32 = (\d+);/g)].map((m) => [m[1], Number(m[2])]),
    );
    const { FRAME_STRIDE: stride, ...rest } = fields;
    expect(stride).toBe(FRAME_STRIDE);
    expect(rest).toEqual(FrameField);
  });
});
