// What every mode of `npm run analyse` shares: how it fails (a message on stderr, an exit code)
// and how it reads a WAV file (missing file, unreadable WAV: exit 3 or as the mode says).
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { DecodedWav } from '../../dsp/types';
import { decodeWav, WavError } from '../../dsp/wav';

export function fail(message: string, code = 1): never {
  process.stderr.write(`analyse: ${message}\n`);
  process.exit(code);
}

/** The decoded file, or exit: `missingCode` for a missing file, 3 for one that is not a WAV. */
export function readWavOrExit(path: string, missingCode: number): DecodedWav {
  if (!existsSync(path) || !statSync(path).isFile()) fail(`file not found: ${path}`, missingCode);
  try {
    return decodeWav(readFileSync(path));
  } catch (e) {
    fail(`${path}: ${e instanceof WavError ? e.message : String(e)}`, 3);
  }
}

/** The live analyser's rates (8-96 kHz), or exit 3. */
export function requireAnalyserRate(wav: DecodedWav, path: string): void {
  if (wav.sampleRate < 8000 || wav.sampleRate > 96000)
    fail(`${path}: sample rate ${wav.sampleRate} Hz is outside the supported 8000-96000 Hz`, 3);
}
