// The voice assessment's Worker: the AVQI engine (dsp/assessment.ts) on its own instance of
// the same Wasm module the live analyser runs, off the main thread (a pair of takes takes
// longer than a frame to analyse). Audio arrives by postMessage and never leaves the device.
import * as Comlink from 'comlink';
import { analyseAssessment } from '../../../dsp/assessment';
import { AssessmentError } from '../../../dsp/assessment-types';
import type { AnalysisOutcome, Recording } from './analysis-outcome';

const api = {
  analyse(module: WebAssembly.Module, vowel: Recording, speech: Recording): AnalysisOutcome {
    try {
      return { ok: true, result: analyseAssessment(module, vowel, speech) };
    } catch (e) {
      if (e instanceof AssessmentError) return { ok: false, code: e.code, message: e.message };
      throw e;
    }
  },
};

export type AssessmentWorkerApi = typeof api;

Comlink.expose(api);
