// The range check's Worker: the voice range profile engine off the main thread (a minute of
// glides and held notes takes longer than a frame to analyse). Audio arrives by postMessage
// and never leaves the device.
import * as Comlink from 'comlink';
import type { RangeOptions, RangeOutcome, RangeRecording } from './analyse-range';
import { analyseRange } from '../../../dsp/range';

const api = {
  analyse(module: WebAssembly.Module, recording: RangeRecording, options: RangeOptions): RangeOutcome {
    try {
      return { ok: true, result: analyseRange(recording, { ...options, module }) };
    } catch (e) {
      // The engine's refusals carry a code and words for the member (too little voice...);
      // anything else is a crash the screen reports as such.
      const refusal = e as { code?: unknown; message?: unknown } | null;
      if (typeof refusal?.code === 'string' && typeof refusal.message === 'string')
        return { ok: false, message: refusal.message };
      throw e;
    }
  },
};

export type RangeWorkerApi = typeof api;

Comlink.expose(api);
