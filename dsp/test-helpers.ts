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
  hop?: number,
): Promise<{ wav: DecodedWav; frames: VoiceFrame[]; windowSize: number }> {
  const wav = readFixture(relative);
  const analyser = createVoiceAnalyser(await voiceModule(), { sampleRate: wav.sampleRate, hop });
  // Window length in input samples (the engine analyses at a lower rate above 29 kHz).
  const windowSize = (analyser.windowSize * wav.sampleRate) / analyser.workingRate;
  return { wav, frames: analyser.analyse(wav.samples), windowSize };
}

export function sine(freq: number, sampleRate: number, seconds: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / sampleRate);
  return out;
}

/** Harmonics 1/k of f0 up to 4 kHz (or 0.45 x the rate): a crude, buzzy voice. */
export function harmonicTone(f0: number, sampleRate: number, seconds: number, amplitude = 0.3): Float32Array {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  const top = Math.min(4000, 0.45 * sampleRate);
  for (let k = 1; k * f0 < top; k++) {
    const w = (2 * Math.PI * k * f0) / sampleRate;
    for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) + (amplitude / k) * Math.sin(w * i);
  }
  return out;
}
