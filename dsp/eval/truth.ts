// Frame-level truth for the synthetic fixtures and pitch-accuracy metrics (mir_eval style).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../node';

export interface SyntheticFixture {
  file: string;
  sampleRate: number;
  duration: number;
  description: string;
  tags: string[];
  f0: number[];
}

export interface Manifest {
  trackStep: number;
  fixtures: SyntheticFixture[];
}

export const fixturesDir = resolve(repoRoot, 'fixtures/voice');

export function loadManifest(): Manifest {
  return JSON.parse(readFileSync(resolve(fixturesDir, 'synthetic.json'), 'utf8')) as Manifest;
}

/**
 * Truth for the analysis window centred at t (windowSize samples). Returns null when the
 * window straddles a voicing boundary: such a window holds both silence and tone, so either
 * answer is defensible and the frame is not scored. Otherwise f0 is the mean (in cents) of
 * the synthesised f0 over the window, or 0 when nothing in the window should have an f0.
 */
export function truthAt(
  fixture: SyntheticFixture,
  step: number,
  t: number,
  windowSize: number,
): { f0: number } | null {
  const half = windowSize / 2 / fixture.sampleRate;
  const from = Math.max(0, Math.ceil((t - half) / step));
  const to = Math.min(fixture.f0.length - 1, Math.floor((t + half) / step));
  let voiced = 0;
  let logSum = 0;
  for (let i = from; i <= to; i++) {
    const f = fixture.f0[i] ?? 0;
    if (f > 0) {
      voiced++;
      logSum += Math.log2(f);
    }
  }
  const count = to - from + 1;
  if (voiced === 0) return { f0: 0 };
  if (voiced < count) return null;
  return { f0: 2 ** (logSum / voiced) };
}

export function cents(estimate: number, reference: number): number {
  return 1200 * Math.log2(estimate / reference);
}

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export interface PitchScore {
  /** Frames where both reference and estimate have an f0. */
  bothVoiced: number;
  /** Share of bothVoiced frames more than 20 % off. */
  gpe: number;
  /** Share of reference-voiced frames (missed ones count as wrong) within `tolerance` cents. */
  withinTolerance: number;
  medianAbsCents: number;
  voicingAccuracy: number;
  scored: number;
}

/** Scores (estimate, reference) pairs; 0 or null means "no f0". */
export function scorePitch(pairs: { est: number | null; ref: number }[], tolerance = 50): PitchScore {
  const errors: number[] = [];
  let gross = 0;
  let refVoiced = 0;
  let within = 0;
  let voicingRight = 0;
  for (const { est, ref } of pairs) {
    const e = est ?? 0;
    if (e > 0 === ref > 0) voicingRight++;
    if (ref > 0) refVoiced++;
    if (!(e > 0 && ref > 0)) continue;
    const c = Math.abs(cents(e, ref));
    errors.push(c);
    if (Math.abs(e / ref - 1) > 0.2) gross++;
    if (c <= tolerance) within++;
  }
  return {
    bothVoiced: errors.length,
    gpe: errors.length ? gross / errors.length : 0,
    withinTolerance: refVoiced ? within / refVoiced : 1,
    medianAbsCents: median(errors),
    voicingAccuracy: pairs.length ? voicingRight / pairs.length : 1,
    scored: pairs.length,
  };
}
