import type { AssessmentErrorCode, AssessmentResult } from '../../../dsp/assessment-types';

/**
 * What the on-device Worker answers. An AssessmentError does not survive postMessage as its
 * class, so the Worker turns it into data; anything else is a failure of the engine itself.
 */
export type AnalysisOutcome =
  { ok: true; result: AssessmentResult } | { ok: false; code: AssessmentErrorCode; message: string };

export interface Recording {
  samples: Float32Array[];
  rate: number;
}

export type AnalyseOnDevice = (vowel: Recording, speech: Recording) => Promise<AnalysisOutcome>;
