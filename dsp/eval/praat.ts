// Praat pitch tracks (time_s, f0_hz; 0 = unvoiced) for the real recordings in fixtures/voice/real.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fixturesDir } from './truth';

export interface PraatTrack {
  times: number[];
  f0: number[];
}

export const realDir = resolve(fixturesDir, 'real');

export function loadPraatTrack(name: string, dir = realDir): PraatTrack {
  const rows = readFileSync(resolve(dir, `${name}.praat-f0.tsv`), 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const times: number[] = [];
  const f0: number[] = [];
  for (const row of rows) {
    const [t, f] = row.split('\t').map(Number);
    times.push(t ?? 0);
    f0.push(f ?? 0);
  }
  return { times, f0 };
}

/** Praat's f0 at the frame nearest to t, or null when no Praat frame lies within maxGap seconds. */
export function praatAt(track: PraatTrack, t: number, maxGap = 0.006): number | null {
  let lo = 0;
  let hi = track.times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((track.times[mid] ?? 0) < t) lo = mid;
    else hi = mid;
  }
  const dLo = Math.abs((track.times[lo] ?? Infinity) - t);
  const dHi = Math.abs((track.times[hi] ?? Infinity) - t);
  const best = dLo <= dHi ? lo : hi;
  return Math.min(dLo, dHi) <= maxGap ? (track.f0[best] ?? 0) : null;
}
