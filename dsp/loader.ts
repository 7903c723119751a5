// Synchronous loader for the voice-analyser Wasm module. It uses only WebAssembly and typed
// arrays, so it runs unchanged in Node and inside AudioWorkletGlobalScope (no fetch, no
// TextDecoder, no generated bindings).
import { FRAME_STRIDE, FrameField as F } from './layout';
import type { VoiceAnalyser, VoiceAnalyserOptions, VoiceFrame } from './types';

interface Exports {
  memory: WebAssembly.Memory;
  init(sampleRate: number, hop: number): number;
  reset(): void;
  push(n: number): number;
  analyseInput(): void;
  inputPtr(): number;
  inputCapacity(): number;
  framesPtr(): number;
  frameStride(): number;
  maxFrames(): number;
  windowSize(): number;
  workingRate(): number;
  setRange(floorHz: number, ceilingHz: number): void;
  pitchFloor(): number;
  pitchCeiling(): number;
}

const imports = {
  env: {
    // Only reachable if the module ever runs out of its fixed memory: a bug, so fail loudly.
    abort(): never {
      throw new Error('voice-analyser wasm aborted');
    },
  },
};

export function emptyFrame(): VoiceFrame {
  return {
    t: 0,
    rms: 0,
    peak: 0,
    f0: null,
    semitone: null,
    clarity: 0,
    stability: 0,
    breathiness: 0,
    resonance: 0,
    spectralCentroid: 0,
    zeroCrossingRate: 0,
    projection: 0,
    dynamicRange: 0,
    volume: 0,
    hnr: 0,
    aperiodicity: 1,
    jitter: 0,
    shimmer: 0,
    vibratoRate: 0,
    vibratoExtent: 0,
    wobble: 0,
    clipped: false,
    alphaRatio: 0,
    singersFormant: 0,
    harmonicDb: 0,
  };
}

/** Copies frame `slot` of the raw output into `out`. Allocates nothing (the worklet calls it). */
export function readFrame(raw: Float32Array, slot: number, out: VoiceFrame): VoiceFrame {
  const b = slot * FRAME_STRIDE;
  const voiced = (raw[b + F.VOICED] ?? 0) > 0;
  out.t = raw[b + F.T] ?? 0;
  out.rms = raw[b + F.RMS] ?? 0;
  out.peak = raw[b + F.PEAK] ?? 0;
  out.f0 = voiced ? (raw[b + F.F0] ?? 0) : null;
  out.semitone = voiced ? (raw[b + F.SEMITONE] ?? 0) : null;
  out.clarity = raw[b + F.CLARITY] ?? 0;
  out.stability = raw[b + F.STABILITY] ?? 0;
  out.breathiness = raw[b + F.BREATHINESS] ?? 0;
  out.resonance = raw[b + F.RESONANCE] ?? 0;
  out.spectralCentroid = raw[b + F.CENTROID] ?? 0;
  out.zeroCrossingRate = raw[b + F.ZCR] ?? 0;
  out.projection = raw[b + F.PROJECTION] ?? 0;
  out.dynamicRange = raw[b + F.DYNAMIC_RANGE] ?? 0;
  out.volume = raw[b + F.VOLUME] ?? 0;
  out.hnr = raw[b + F.HNR] ?? 0;
  out.aperiodicity = raw[b + F.APERIODICITY] ?? 1;
  out.jitter = raw[b + F.JITTER] ?? 0;
  out.shimmer = raw[b + F.SHIMMER] ?? 0;
  out.vibratoRate = raw[b + F.VIBRATO_RATE] ?? 0;
  out.vibratoExtent = raw[b + F.VIBRATO_EXTENT] ?? 0;
  out.wobble = raw[b + F.WOBBLE] ?? 0;
  out.clipped = (raw[b + F.CLIPPED] ?? 0) > 0;
  out.alphaRatio = raw[b + F.ALPHA_RATIO] ?? 0;
  out.singersFormant = raw[b + F.SINGERS_FORMANT] ?? 0;
  out.harmonicDb = raw[b + F.HARMONIC_DB] ?? 0;
  return out;
}

function instantiate(module: WebAssembly.Module): WebAssembly.Instance {
  return new WebAssembly.Instance(module, imports);
}

export function createVoiceAnalyser(module: WebAssembly.Module, opts: VoiceAnalyserOptions): VoiceAnalyser {
  return createVoiceAnalyserOn(instantiate(module), opts);
}

/**
 * The analyser on an instance the caller made (the voice assessment checks its vowel with the
 * instance it then analyses in: one instance per assessment instead of two).
 */
export function createVoiceAnalyserOn(
  instance: WebAssembly.Instance,
  opts: VoiceAnalyserOptions,
): VoiceAnalyser {
  const wasm = instance.exports as unknown as Exports;
  // 10 ms between frames at any rate (Praat's default time step).
  const hop = opts.hop ?? Math.round(opts.sampleRate / 100);
  const status = wasm.init(opts.sampleRate, hop);
  if (status === 1) throw new RangeError(`sampleRate ${opts.sampleRate} Hz is outside 8000-96000 Hz`);
  if (status === 2) throw new RangeError(`hop ${hop} is outside 32-4096 samples (64 above 48 kHz)`);
  if (opts.pitchRange) {
    wasm.setRange(opts.pitchRange.floorHz, opts.pitchRange.ceilingHz);
    wasm.reset(); // the first frame waits for the member's (shorter) window, not the default one
  }
  if (wasm.frameStride() !== FRAME_STRIDE) throw new Error('voice-analyser wasm and loader layouts differ');
  // Memory is fixed-size (initial = maximum), so these views never detach.
  const capacity = wasm.inputCapacity();
  const input = new Float32Array(wasm.memory.buffer, wasm.inputPtr(), capacity);
  const raw = new Float32Array(wasm.memory.buffer, wasm.framesPtr(), wasm.maxFrames() * FRAME_STRIDE);
  const frame = emptyFrame();
  let windowSize = wasm.windowSize();

  function process(samples: Float32Array, onFrame: (f: VoiceFrame) => void): void {
    for (let offset = 0; offset < samples.length; offset += capacity) {
      const n = Math.min(capacity, samples.length - offset);
      input.set(n === samples.length ? samples : samples.subarray(offset, offset + n));
      const produced = wasm.push(n);
      for (let slot = 0; slot < produced; slot++) onFrame(readFrame(raw, slot, frame));
    }
  }

  return {
    sampleRate: opts.sampleRate,
    hop,
    workingRate: wasm.workingRate(),
    process,
    analyse(samples) {
      const out: VoiceFrame[] = [];
      process(samples, (f) => out.push({ ...f }));
      return out;
    },
    analyseWindow(window) {
      if (window.length !== windowSize) throw new RangeError(`window must hold ${windowSize} samples`);
      input.set(window);
      wasm.analyseInput();
      return { ...readFrame(raw, 0, frame) };
    },
    reset: () => wasm.reset(),
    setPitchRange(floorHz, ceilingHz) {
      wasm.setRange(floorHz, ceilingHz);
      windowSize = wasm.windowSize();
      return { floorHz: wasm.pitchFloor(), ceilingHz: wasm.pitchCeiling() };
    },
    get windowSize() {
      return windowSize;
    },
    get pitchRange() {
      return { floorHz: wasm.pitchFloor(), ceilingHz: wasm.pitchCeiling() };
    },
  };
}
