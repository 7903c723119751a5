import * as Comlink from 'comlink';
import type { RangeResult } from '../../../dsp/range-types';
import { wasmUrl } from '../../audio/assets';
import { compileVoiceModule } from '../../audio/wasmModule';
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
 * intensity in Wasm): a Worker made for the analysis and ended after it, with the compiled
 * module the live analyser uses, as the assessment's (src/features/assessment/analyse-on-device.ts).
 * The takes are transferred: they are not needed once analysed. Unit tests mock this module.
 */
export const analyseRangeOnDevice: AnalyseRange = async (recording, options) => {
  const module = await compileVoiceModule(wasmUrl);
  const worker = new Worker(new URL('./range.worker.ts', import.meta.url), { type: 'module' });
  try {
    const remote = Comlink.wrap<RangeWorkerApi>(worker);
    const buffers = recording.samples.map((s) => s.buffer as ArrayBuffer);
    const outcome = await remote.analyse(module, Comlink.transfer(recording, buffers), options ?? {});
    return outcome.ok ? { ok: true, result: asAppLevels(outcome.result) } : outcome;
  } finally {
    worker.terminate();
  }
};

/**
 * The app's levels (dsp/range-types.ts): without a calibration the engine gives Praat's
 * intensity of the samples read as pascals ('file'), which means nothing on a phone; the app
 * shows and keeps them as dB against the take's loudest (0 = the loudest note's loudest level,
 * 'relative'). Calibrated ('spl') levels are kept as they are.
 */
export function asAppLevels(result: RangeResult): RangeResult {
  if (result.levels !== 'file') return result;
  const loudest = Math.max(...result.profile.map((p) => p.maxDb));
  const rel = (db: number) => Math.round((db - loudest) * 10) / 10;
  return {
    ...result,
    levels: 'relative',
    profile: result.profile.map((p) => ({ semitone: p.semitone, minDb: rel(p.minDb), maxDb: rel(p.maxDb) })),
  };
}
