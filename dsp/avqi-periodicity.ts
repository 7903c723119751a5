// Runs the engine's AVQI periodicity measures (dsp/assembly/avqi/periodicity.ts) on one signal
// from Node: a fresh instance of the voice-analyser module, the samples copied into its arena.
// For tests and tools; the assessment itself calls measurePeriodicity from its own Wasm code.

export interface PeriodicityMeasures {
  /** Shimmer (local), percent; NaN when fewer than three usable pulses. */
  shimmerPercent: number;
  /** Shimmer (local, dB). */
  shimmerDb: number;
  /** The voice report's mean harmonics-to-noise ratio, dB; NaN without voiced frames. */
  hnr: number;
  /** Jitter (local), percent, on the shimmer's pulses (`Get jitter (local): 0, 0, 0.0001, 0.02, 1.3`). */
  jitterPercent: number;
}

interface PeriodicityExports {
  memory: WebAssembly.Memory;
  arenaReset(): void;
  arenaAlloc(bytes: number): number;
  measurePeriodicity(signalPtr: number, n: number, rate: number): void;
  periodicityShimmerPercent(): number;
  periodicityShimmerDb(): number;
  periodicityHnr(): number;
  periodicityJitterPercent(): number;
}

const imports = {
  env: {
    abort(): never {
      throw new Error('voice-analyser wasm aborted');
    },
  },
};

/** Shimmer, HNR and jitter of `samples` (mono, at `sampleRate`), measured as Praat's AVQI script does. */
export function measurePeriodicity(
  module: WebAssembly.Module,
  samples: Float64Array | Float32Array,
  sampleRate: number,
): PeriodicityMeasures {
  const wasm = new WebAssembly.Instance(module, imports).exports as unknown as PeriodicityExports;
  wasm.arenaReset();
  const ptr = wasm.arenaAlloc(samples.length * 8);
  // The arena may have grown memory: take the view after allocating.
  new Float64Array(wasm.memory.buffer, ptr, samples.length).set(samples);
  wasm.measurePeriodicity(ptr, samples.length, sampleRate);
  return {
    shimmerPercent: wasm.periodicityShimmerPercent(),
    shimmerDb: wasm.periodicityShimmerDb(),
    hnr: wasm.periodicityHnr(),
    jitterPercent: wasm.periodicityJitterPercent(),
  };
}
