// Node-only helpers: locate, build (if missing) and compile the voice-analyser Wasm module.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVoiceAnalyser } from './loader';
import type { VoiceAnalyser, VoiceAnalyserOptions } from './types';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const wasmPath = resolve(repoRoot, 'dsp/build/voice-analyser.wasm');
/** The build without Wasm SIMD (asconfig target "nosimd"). */
export const scalarWasmPath = resolve(repoRoot, 'dsp/build/voice-analyser-nosimd.wasm');

/**
 * Compiles dsp/assembly with the release target of asconfig.json through the asc API. Test
 * workers may build at the same time, so each writes its own file and renames it into place
 * (atomic): nobody ever reads a half-written module.
 */
export async function buildWasm(target: 'release' | 'nosimd' = 'release'): Promise<void> {
  const { main } = await import('assemblyscript/asc');
  const stderr: string[] = [];
  const out = target === 'release' ? wasmPath : scalarWasmPath;
  const tmp = `${out}.${process.pid}.tmp`;
  const { error } = await main(
    ['dsp/assembly/index.ts', '--target', target, '--config', 'asconfig.json', '--baseDir', repoRoot].concat([
      '--outFile',
      tmp,
      '--textFile',
      `${tmp}.wat`,
    ]),
    {
      stdout: { write: () => true },
      stderr: { write: (s: string | Uint8Array) => stderr.push(String(s)) > 0 },
      readFile: (name: string, baseDir: string) => {
        const file = resolve(repoRoot, baseDir, name);
        return existsSync(file) ? readFileSync(file, 'utf8') : null;
      },
    } as never,
  );
  rmSync(`${tmp}.wat`, { force: true });
  if (error) {
    rmSync(tmp, { force: true });
    throw new Error(`AssemblyScript build failed: ${error.message}\n${stderr.join('')}`);
  }
  renameSync(tmp, out);
}

/** Returns the compiled module, building the .wasm first when it does not exist yet. */
export async function loadVoiceModule(
  opts: { build?: boolean; simd?: boolean } = {},
): Promise<WebAssembly.Module> {
  const simd = opts.simd ?? true;
  const path = simd ? wasmPath : scalarWasmPath;
  if (!existsSync(path)) {
    if (opts.build === false) throw new Error(`${path} is missing: run "npm run build:wasm"`);
    await buildWasm(simd ? 'release' : 'nosimd');
  }
  return new WebAssembly.Module(readFileSync(path));
}

export async function createNodeAnalyser(opts: VoiceAnalyserOptions): Promise<VoiceAnalyser> {
  return createVoiceAnalyser(await loadVoiceModule(), opts);
}
