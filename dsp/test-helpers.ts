// Shared by the dsp tests: one compiled module, WAV loading from the project's fixtures only.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadVoiceModule } from './node';
import { createVoiceAnalyser } from './loader';
import { decodeWav } from './wav';
import { fixturesDir } from './eval/truth';
import type { DecodedWav, VoiceFrame } from './types';

let modulePromise: Promise<WebAssembly.Module> | undefined;

/** Builds dsp/build/voice-analyser.wasm through the asc API if it is missing. */
export function voiceModule(): Promise<WebAssembly.Module> {
  modulePromise ??= loadVoiceModule();
  return modulePromise;
}

export function readFixture(relative: string): DecodedWav {
  return decodeWav(readFileSync(resolve(fixturesDir, relative)));
}

export async function analyseFixture(
  relative: string,
  hop = 1024,
): Promise<{ wav: DecodedWav; frames: VoiceFrame[] }> {
  const wav = readFixture(relative);
  const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: wav.sampleRate, hop });
  return { wav, frames: analyser.analyse(wav.samples) };
}

export function sine(freq: number, sampleRate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / sampleRate);
  return out;
}
