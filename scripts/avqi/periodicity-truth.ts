// Praat's periodicity measures of AVQI 03.01 on the joined signal of each agreement pair
// (scripts/avqi/periodicity-truth.praat). The joined signal is written as a 16-bit WAV under
// .tmp/avqi-periodicity/ (not committed: it is rebuilt from the fixtures whenever missing);
// Praat's values on it are committed in fixtures/voice/avqi/praat-periodicity.json.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

export interface PeriodicityTruth {
  shimmerPercent: number;
  shimmerDb: number;
  hnr: number;
  /** `Get jitter (local): 0, 0, 0.0001, 0.02, 1.3` on the joined signal's pulses, percent. */
  jitterPercent: number;
  /** The same on the vowel's last 3 s alone (after the 34 Hz high-pass; the DSI's jitter). */
  vowelJitterPercent: number;
  samples: number;
  rate: number;
  /** The same measures on the joined signal before it was quantised to 16 bits. */
  unquantised: { shimmerPercent: number; shimmerDb: number; hnr: number; jitterPercent: number };
}

export const REPO = resolve(import.meta.dirname, '../..');
export const JOINED_DIR = resolve(REPO, '.tmp/avqi-periodicity');
export const PERIODICITY_TRUTH = resolve(REPO, 'fixtures/voice/avqi/praat-periodicity.json');
const SCRIPT = resolve(import.meta.dirname, 'periodicity-truth.praat');

export function joinedPath(name: string): string {
  return resolve(JOINED_DIR, `${name}-joined.wav`);
}

/** Runs Praat on one pair: writes its joined WAV and returns Praat's measures on it. */
export function runPeriodicityTruth(name: string, vowel: string, speech: string): PeriodicityTruth {
  mkdirSync(JOINED_DIR, { recursive: true });
  const out = execFileSync('praat', [
    '--run',
    SCRIPT,
    resolve(REPO, vowel),
    resolve(REPO, speech),
    joinedPath(name),
    'yes',
  ]);
  const line = out.toString().trim().split('\n').pop() ?? '';
  return JSON.parse(line) as PeriodicityTruth;
}

/**
 * Makes the joined WAVs that are missing, two Praat processes at a time (needs praat); returns
 * the names of the pairs whose WAV could not be made. Praat only joins here (`measure` no): its
 * measures are the committed truth, and measuring again was four fifths of its CPU.
 */
export async function ensureJoined(
  pairs: { name: string; vowel: string; speech: string }[],
  praatAvailable: boolean,
): Promise<string[]> {
  const todo = pairs.filter((p) => !existsSync(joinedPath(p.name)));
  if (!praatAvailable) return todo.map((p) => p.name);
  mkdirSync(JOINED_DIR, { recursive: true });
  const run = promisify(execFile);
  const queue = [...todo];
  const worker = async () => {
    for (let pair = queue.shift(); pair; pair = queue.shift()) {
      await run('praat', [
        '--run',
        SCRIPT,
        resolve(REPO, pair.vowel),
        resolve(REPO, pair.speech),
        joinedPath(pair.name),
        'no',
      ]);
    }
  };
  await Promise.all([worker(), worker()]);
  return pairs.filter((p) => !existsSync(joinedPath(p.name))).map((p) => p.name);
}
