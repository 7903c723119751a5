import { describe, expect, it } from 'vitest';
import { createVoiceAnalyser } from './loader';
import { loadVoiceModule } from './node';
import { chooseEngineUrl, simdSupported } from './simd';
import { harmonicTone } from './test-helpers';

describe('SIMD and scalar builds', () => {
  it('detects SIMD with WebAssembly.validate and falls back when it says no', () => {
    expect(simdSupported()).toBe(true); // Node 20 has Wasm SIMD
    const urls = { simd: '/a.wasm', scalar: '/b.wasm' };
    expect(chooseEngineUrl(urls)).toBe('/a.wasm');
    expect(chooseEngineUrl(urls, () => false)).toBe('/b.wasm');
    expect(
      chooseEngineUrl(urls, () => {
        throw new Error('no validate');
      }),
    ).toBe('/b.wasm');
  });

  it('the scalar build (asc --disable simd) exports the same API and gives the same frames', async () => {
    const scalar = await loadVoiceModule({ simd: false });
    const simd = await loadVoiceModule();
    const names = (m: WebAssembly.Module) => WebAssembly.Module.exports(m).map((e) => e.name);
    expect(names(scalar)).toEqual(names(simd));
    const tone = harmonicTone(196, 44100, 1);
    const a = createVoiceAnalyser(simd, { sampleRate: 44100 }).analyse(tone);
    const b = createVoiceAnalyser(scalar, { sampleRate: 44100 }).analyse(tone);
    expect(b.length).toBe(a.length);
    for (let i = 0; i < a.length; i++) {
      expect(b[i]?.f0 ?? 0).toBeCloseTo(a[i]?.f0 ?? 0, 1);
      expect(b[i]?.clarity ?? 0).toBeCloseTo(a[i]?.clarity ?? 0, 2);
    }
  });
});
