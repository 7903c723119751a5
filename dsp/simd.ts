// Wasm SIMD detection (the bytes of wasm-feature-detect's probe: a function returning
// i8x16.popcnt(i8x16.splat(0))). Browsers without SIMD (Safari < 16.4, older Chromium and
// Firefox builds, some locked-down WebViews) get the non-SIMD build of the engine instead.
export const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98,
  11,
]);

export function simdSupported(
  validate: (bytes: BufferSource) => boolean = (b) => WebAssembly.validate(b),
): boolean {
  try {
    return validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** Picks the engine build: the SIMD one when the runtime validates SIMD code, else the scalar one. */
export function chooseEngineUrl(
  urls: { simd: string; scalar: string },
  validate?: (bytes: BufferSource) => boolean,
): string {
  return simdSupported(validate) ? urls.simd : urls.scalar;
}
