// Runs Praat's AVQI 03.01 (scripts/avqi/avqi-0301.praat) on one vowel + speech pair.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { AvqiMeasures } from '../../src/domain/voice/avqi';

export interface PraatAvqi extends AvqiMeasures {
  avqi: number;
  /** Seconds of voiced 30 ms speech windows kept by the method. */
  voicedSpeechSeconds: number;
}

export interface PraatRun extends PraatAvqi {
  /** Wall time of the whole `praat --run` process (start-up, reading the files, analysis). */
  runMs: number;
}

const SCRIPT = resolve(import.meta.dirname, 'avqi-0301.praat');

/** True when Debian's `praat` is on the PATH (the benchmark then times it live). */
export function hasPraat(): boolean {
  try {
    execFileSync('praat', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function runPraatAvqi(vowelPath: string, speechPath: string): PraatAvqi {
  const { runMs: _runMs, ...measures } = timePraatAvqi(vowelPath, speechPath);
  return measures;
}

export function timePraatAvqi(vowelPath: string, speechPath: string): PraatRun {
  const started = performance.now();
  const out = execFileSync('praat', ['--run', SCRIPT, vowelPath, speechPath]).toString();
  const runMs = performance.now() - started;
  const line = out.trim().split('\n').pop() ?? '';
  const parsed = JSON.parse(line) as PraatAvqi & { praatMs?: number };
  const { praatMs: _inside, ...measures } = parsed;
  return { ...measures, runMs };
}
