// The link to the range engine, the one line the merge of branch `range-engine` changes to
//   export { analyseRange } from '../../../dsp/range';
// (dsp/range.ts: Praat-exact pitch and intensity in Wasm). Until then this build has no range
// engine, and says so: the check reports that it could not run rather than show numbers no
// engine measured.
import type { RangeResult } from '../../../dsp/range-types';
import type { RangeOptions, RangeRecording } from './analyse-range';

export function analyseRange(
  _recording: RangeRecording,
  _options?: RangeOptions & { module?: WebAssembly.Module },
): RangeResult {
  throw new Error('The voice range engine (dsp/range.ts) is not part of this build.');
}
