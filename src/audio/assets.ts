// Vite asset URLs for the voice engine. `?worker&url` makes Vite bundle the worklet (and its
// comlink/dsp imports) into one self-contained module in `vite build`, and serve it transformed
// in dev; a plain `new URL('x.ts', import.meta.url)` would copy the raw .ts file unbundled in a
// build. The .wasm files must exist first: `npm run build:wasm` (the build script runs it).
// wasmUrl is the SIMD build, or the scalar build where WebAssembly.validate rejects SIMD.
import simdWasmUrl from '../../dsp/build/voice-analyser.wasm?url';
import scalarWasmUrl from '../../dsp/build/voice-analyser-nosimd.wasm?url';
import workletUrl from '../../worklets/voice-analyser.worklet.ts?worker&url';
import recorderWorkletUrl from '../../worklets/sample-recorder.worklet.ts?worker&url';
import { chooseEngineUrl } from '../../dsp/simd';

const wasmUrl = chooseEngineUrl({ simd: simdWasmUrl, scalar: scalarWasmUrl });

export { wasmUrl, workletUrl, recorderWorkletUrl };
