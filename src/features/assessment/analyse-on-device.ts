import * as Comlink from 'comlink';
import { wasmUrl } from '../../audio/assets';
import { compileVoiceModule } from '../../audio/wasmModule';
import type { AnalyseOnDevice } from './analysis-outcome';
import type { AssessmentWorkerApi } from './assessment.worker';

/**
 * Runs the assessment in a Worker made for it and ended after it: the compiled module (the
 * same one the live analyser uses) and the takes are copied in: not transferred, because a take
 * the engine accepted is kept while the member retakes the other one.
 */
export const analyseOnDevice: AnalyseOnDevice = async (vowel, speech) => {
  const module = await compileVoiceModule(wasmUrl);
  const worker = new Worker(new URL('./assessment.worker.ts', import.meta.url), { type: 'module' });
  try {
    const remote = Comlink.wrap<AssessmentWorkerApi>(worker);
    return await remote.analyse(module, vowel, speech);
  } finally {
    worker.terminate();
  }
};
