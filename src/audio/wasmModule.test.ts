import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { voiceModule } from '../../dsp/test-helpers';
import { wasmPath } from '../../dsp/node';
import { compileVoiceModule } from './wasmModule';

describe('compileVoiceModule', () => {
  it('compiles the fetched .wasm once per URL', async () => {
    await voiceModule(); // builds the .wasm if needed
    const bytes = readFileSync(wasmPath);
    const fetcher = vi.fn(
      async () => new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }),
    );
    const first = await compileVoiceModule('/engine.wasm', fetcher as unknown as typeof fetch);
    const second = await compileVoiceModule('/engine.wasm', fetcher as unknown as typeof fetch);
    expect(first).toBeInstanceOf(WebAssembly.Module);
    expect(second).toBe(first);
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('fails clearly on an HTTP error and retries next time', async () => {
    const fetcher = vi.fn(async () => new Response('nope', { status: 404 }));
    await expect(compileVoiceModule('/missing.wasm', fetcher as unknown as typeof fetch)).rejects.toThrow(
      /404/,
    );
    await expect(compileVoiceModule('/missing.wasm', fetcher as unknown as typeof fetch)).rejects.toThrow(
      /404/,
    );
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
