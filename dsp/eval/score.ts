// Frame scoring shared by the benchmark (scripts/bench.ts) and the DSP tests: an estimator
// turns a corpus item into a track of 10 ms frames, and score() compares it with the truth.
import { createVoiceAnalyser } from '../loader';
import type { PitchRange } from '../types';
import type { CorpusItem } from './corpora';
import { cents } from './truth';

export interface Track {
  /** Frame centres (s) and estimates (Hz, 0 = unvoiced). */
  times: number[];
  f0: number[];
  /** Seconds each side of the frame centre that the estimator looked at. */
  half: number;
}

export type Estimator = (item: CorpusItem) => Track;

/** Our engine, streamed at its 10 ms hop, every feature on; optionally with a member's range. */
export function oursEstimator(module: WebAssembly.Module, pitchRange?: PitchRange): Estimator {
  return (item) => {
    const analyser = createVoiceAnalyser(module, { sampleRate: item.sampleRate, pitchRange });
    const frames = analyser.analyse(item.samples);
    const work = item.sampleRate > 48000 ? item.sampleRate / 2 : item.sampleRate;
    return {
      times: frames.map((f) => f.t),
      f0: frames.map((f) => f.f0 ?? 0),
      half: analyser.windowSize / 2 / work,
    };
  };
}

export interface Score {
  truthVoiced: number;
  hits: number;
  falseVoiced: number;
  truthUnvoiced: number;
  /** |cents| against the truth on frames both voice. */
  errors: number[];
  /** Frames both voice where the estimate is more than 20 % off. */
  gross: number;
}

export interface ScoreOptions {
  /** Score against the instantaneous synthesised f0 (vibrato) instead of the window's mean. */
  instant?: boolean;
  /** Only truth-voiced frames whose f0 lies in this band count (unvoiced ones always do). */
  band?: [number, number];
}

export function emptyScore(): Score {
  return { truthVoiced: 0, hits: 0, falseVoiced: 0, truthUnvoiced: 0, errors: [], gross: 0 };
}

/** Adds one item's track to `s`. Frames whose window straddles a truth boundary are skipped. */
export function scoreTrack(s: Score, item: CorpusItem, track: Track, opts: ScoreOptions = {}): Score {
  // Every estimator is scored on the same frames: those whose widest window sees one truth.
  const half = Math.max(track.half, 0.064);
  track.times.forEach((t, i) => {
    const truth = item.truth(t, half);
    if (truth === null) return;
    const est = track.f0[i] ?? 0;
    if (truth === 0) {
      s.truthUnvoiced++;
      if (est > 0) s.falseVoiced++;
      return;
    }
    if (opts.band && (truth < opts.band[0] || truth > opts.band[1])) return;
    s.truthVoiced++;
    if (est <= 0) return;
    s.hits++;
    const ref = opts.instant && item.instant ? item.instant(t) || truth : truth;
    s.errors.push(Math.abs(cents(est, ref)));
    if (Math.abs(est / ref - 1) > 0.2) s.gross++;
  });
  return s;
}

export function score(items: CorpusItem[], estimate: Estimator, opts: ScoreOptions = {}): Score {
  const s = emptyScore();
  for (const item of items) scoreTrack(s, item, estimate(item), opts);
  return s;
}

export const recall = (s: Score) => (s.truthVoiced ? s.hits / s.truthVoiced : NaN);
export const grossRate = (s: Score) => (s.hits ? s.gross / s.hits : 0);
export const falseVoicingRate = (s: Score) => (s.truthUnvoiced ? s.falseVoiced / s.truthUnvoiced : 0);
