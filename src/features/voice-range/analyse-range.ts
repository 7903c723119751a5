import * as Comlink from 'comlink';
import type { RangeResult } from '../../../dsp/range-types';
import type { RangeWorkerApi } from './range.worker';

/** The whole range check: every step's take at one rate (one microphone, one context rate). */
export interface RangeRecording {
  samples: Float32Array[];
  rate: number;
}

export interface RangeOptions {
  /** dB SPL a full-scale sine reads on this device (calibration.ts); absent: relative levels. */
  calibrationDb?: number;
}

/** The engine's answer, or its refusal in words (too little voice to draw a range). */
export type RangeOutcome = { ok: true; result: RangeResult } | { ok: false; message: string };

export type AnalyseRange = (recording: RangeRecording, options?: RangeOptions) => Promise<RangeOutcome>;

/**
 * The one door from the range check to the range engine (dsp/range.ts, Praat's pitch and
 * intensity in Wasm): a Worker made for the analysis and ended after it, as the assessment's
 * (src/features/assessment/analyse-on-device.ts). The takes are transferred: they are not
 * needed once analysed. Unit tests mock this module.
 */
export const analyseRangeOnDevice: AnalyseRange = async (recording, options) => {
  const worker = new Worker(new URL('./range.worker.ts', import.meta.url), { type: 'module' });
  try {
    const remote = Comlink.wrap<RangeWorkerApi>(worker);
    const buffers = recording.samples.map((s) => s.buffer as ArrayBuffer);
    return await remote.analyse(Comlink.transfer(recording, buffers), options ?? {});
  } finally {
    worker.terminate();
  }
};
