// Accuracy of pitch-matching scores (issue 22): synthesised sung takes with known errors
// (flat/sharp, vibrato, breath noise, late onsets, glides), scored from our engine's frames and
// from pitchy's, each compared with the truth the take was built from. Shared by the Vitest
// accuracy test (dsp/pitch-target-accuracy.test.ts) and the bench (scripts/bench/pitch-target.ts).
import { PitchDetector } from 'pitchy';
import { createVoiceAnalyser } from '../loader';
import type { Source } from '../synth/specs';
import { renderSungTake, type SungSegment } from './sung-take';
import type { PitchRange } from '../types';
import { analysisRangeFor, noteTimes, parseTarget, targetHzAt } from '../../src/domain/pitch-target/notes';
import { scoreTake, type ScoreOptions } from '../../src/domain/pitch-target/score';
import type { ExerciseResult, PitchFrame, TargetNote } from '../../src/domain/pitch-target/types';

/** 24 kHz: the rate the engine analyses a 48 kHz microphone at, and pitchy's 2048-sample window (85 ms). */
export const TAKE_RATE = 24000;

/** How one target note is sung in a take. */
export interface SungNote {
  /** Cents off the target (the centre, with vibrato). */
  cents: number;
  vibrato?: { rate: number; cents: number };
  /** Seconds of silence before the voice starts (the rest of the note is sung). */
  lateBy?: number;
  /** Breath noise, dB below the voice. */
  noiseSnrDb?: number;
  source?: Source;
}

export interface TakeCondition {
  label: string;
  target: string;
  sung: SungNote[];
  /** 'steady' rows must come within 3 cents, 'vibrato' rows within 10 (issue 22). */
  kind: 'steady' | 'vibrato';
}

/** The conditions of the accuracy table, one row each. */
export const CONDITIONS: readonly TakeCondition[] = [
  { label: 'steady A3, on pitch', target: 'A3:1.5', sung: [{ cents: 0 }], kind: 'steady' },
  { label: 'steady A3, 15 c sharp', target: 'A3:1.5', sung: [{ cents: 15 }], kind: 'steady' },
  { label: 'steady A3, 30 c flat', target: 'A3:1.5', sung: [{ cents: -30 }], kind: 'steady' },
  { label: 'steady A3, 70 c sharp', target: 'A3:1.5', sung: [{ cents: 70 }], kind: 'steady' },
  { label: 'steady A3, 100 c flat', target: 'A3:1.5', sung: [{ cents: -100 }], kind: 'steady' },
  {
    label: 'low voice E2, 20 c flat (/u/)',
    target: 'E2:1.5',
    sung: [{ cents: -20, source: 'vowel-u' }],
    kind: 'steady',
  },
  {
    label: 'high voice A5, 15 c sharp (/i/)',
    target: 'A5:1.5',
    sung: [{ cents: 15, source: 'vowel-i' }],
    kind: 'steady',
  },
  {
    label: 'breath noise 12 dB below, 10 c flat',
    target: 'D4:1.5',
    sung: [{ cents: -10, noiseSnrDb: 12 }],
    kind: 'steady',
  },
  {
    label: 'late onset 400 ms, 5 c sharp',
    target: 'A3:1.5',
    sung: [{ cents: 5, lateBy: 0.4 }],
    kind: 'steady',
  },
  {
    label: 'scale A3 C#4 E4, -10/+20/-35 c',
    target: 'A3:0.8,C#4:0.8,E4:0.8',
    sung: [{ cents: -10 }, { cents: 20 }, { cents: -35 }],
    kind: 'steady',
  },
  {
    label: 'siren A3~A4, 15 c sharp along the line',
    target: 'A3:1.5~,A4:1',
    sung: [{ cents: 15 }, { cents: 15 }],
    kind: 'steady',
  },
  {
    label: 'vibrato ±40 c at 5.5 Hz, centred',
    target: 'A3:2',
    sung: [{ cents: 0, vibrato: { rate: 5.5, cents: 40 } }],
    kind: 'vibrato',
  },
  {
    label: 'vibrato ±50 c at 5.5 Hz, 10 c flat',
    target: 'E3:2',
    sung: [{ cents: -10, vibrato: { rate: 5.5, cents: 50 } }],
    kind: 'vibrato',
  },
  {
    label: 'vibrato ±50 c at 6 Hz, 20 c sharp',
    target: 'A3:2',
    sung: [{ cents: 20, vibrato: { rate: 6, cents: 50 } }],
    kind: 'vibrato',
  },
  {
    label: 'vibrato ±50 c at 5 Hz, 30 c flat, breath noise',
    target: 'G4:2',
    sung: [{ cents: -30, vibrato: { rate: 5, cents: 50 }, noiseSnrDb: 15 }],
    kind: 'vibrato',
  },
];

export interface Take {
  condition: TakeCondition;
  target: TargetNote[];
  samples: Float32Array;
  /** Per note: the cents the take was sung off, and the share of the note truly within ±50 cents. */
  truth: { centsOff: number; heldFraction: number; onsetMs: number }[];
}

const shift = (hz: number, c: number) => hz * 2 ** (c / 1200);

function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Synthesises a take (dsp/eval/sung-take.ts: harmonics through vowel formants, jitter 0.4 % and
 * shimmer 3 % a cycle) and works out the truth from the pitch it was built with. `retake` > 0
 * sings the same condition again with another random draw of jitter, shimmer and noise
 * (take 0 is the accuracy table's).
 */
export function buildTake(condition: TakeCondition, retake = 0, seedBase = ''): Take {
  const target = parseTarget(condition.target);
  const segments: SungSegment[] = [];
  target.forEach((note, i) => {
    const sung = condition.sung[i] ?? { cents: 0 };
    const late = sung.lateBy ?? 0;
    if (late > 0) segments.push({ seconds: late, hz: null });
    const next = target[i + 1];
    const hz: SungSegment['hz'] =
      note.hz === null
        ? null
        : note.glide && next?.hz
          ? [shift(targetHzAt(target, i, late) ?? note.hz, sung.cents), shift(next.hz, sung.cents)]
          : shift(note.hz, sung.cents);
    segments.push({
      seconds: note.seconds - late,
      hz,
      source: sung.source ?? 'vowel-a',
      jitter: 0.004,
      shimmer: 0.03,
      ...(sung.vibrato ? { vibrato: sung.vibrato } : {}),
      ...(sung.noiseSnrDb !== undefined ? { noiseSnrDb: sung.noiseSnrDb } : {}),
    });
  });
  const { samples, jitterCents } = renderSungTake(
    segments,
    TAKE_RATE,
    seedOf(`${seedBase}${retake > 0 ? `${condition.label} #${retake}` : condition.label}`),
  );
  const spans = noteTimes(target);
  const truth = target.map((note, i) => {
    const sung = condition.sung[i] ?? { cents: 0 };
    const late = sung.lateBy ?? 0;
    const start = spans[i]?.start ?? 0;
    // Fine time steps over the note: in tune where the sung pitch (offset + vibrato) is within ±50 c.
    const steps = 2000;
    let held = 0;
    for (let k = 0; k < steps; k++) {
      const t = ((k + 0.5) / steps) * note.seconds;
      if (t < late) continue;
      const vib = sung.vibrato
        ? sung.vibrato.cents * Math.sin(2 * Math.PI * sung.vibrato.rate * (t - late))
        : 0;
      if (Math.abs(sung.cents + vib) <= 50) held++;
    }
    // The centre as sung: the offset plus where the random jitter left the note's held part
    // (jitter of 0.4 % a cycle moves a 1 s note's mean by about half a cent either way).
    const from = Math.round((start + late + 0.15) * TAKE_RATE);
    const to = Math.round((start + note.seconds) * TAKE_RATE);
    let drift = 0;
    for (let j = from; j < to; j++) drift += jitterCents[j] ?? 0;
    const centsOff = sung.cents + (to > from ? drift / (to - from) : 0);
    return { centsOff, heldFraction: held / steps, onsetMs: late * 1000 };
  });
  return { condition, target, samples, truth };
}

/** Our engine's frames, exactly as the worklet makes them (10 ms hop; the member's range if known). */
export function oursFrames(
  module: WebAssembly.Module,
  samples: Float32Array,
  rate: number,
  range?: PitchRange,
): PitchFrame[] {
  const analyser = createVoiceAnalyser(module, { sampleRate: rate, pitchRange: range });
  return analyser.analyse(samples).map((f) => ({ t: f.t, f0: f.f0 }));
}

/** pitchy (McLeod) as the bench runs it: 2048 samples up to 24 kHz, else 4096; clarity >= 0.9; 10 ms apart. */
export function pitchyFrames(samples: Float32Array, rate: number): PitchFrame[] {
  const n = rate <= 24000 ? 2048 : 4096;
  const detector = PitchDetector.forFloat32Array(n);
  const hop = Math.round(rate / 100);
  const out: PitchFrame[] = [];
  for (let start = 0; start + n <= samples.length; start += hop) {
    const [pitch, clarity] = detector.findPitch(samples.subarray(start, start + n), rate);
    out.push({
      t: (start + n / 2) / rate,
      f0: clarity >= 0.9 && pitch >= 50 && pitch <= 1500 ? pitch : null,
    });
  }
  return out;
}

export interface Errors {
  /** |reported - true| cents per sung note (Infinity when a sung note was reported not sung). */
  cents: number[];
  held: number[];
  result: ExerciseResult;
}

export function errorsOf(take: Take, frames: PitchFrame[], options?: ScoreOptions): Errors {
  const result = scoreTake(take.target, frames, options);
  const cents: number[] = [];
  const held: number[] = [];
  result.notes.forEach((note, i) => {
    const truth = take.truth[i];
    if (!truth || take.target[i]?.hz === null) return;
    cents.push(note.centsOff === null ? Infinity : Math.abs(note.centsOff - truth.centsOff));
    held.push(Math.abs((note.heldFraction ?? 0) - truth.heldFraction));
  });
  return { cents, held, result };
}

export const max = (values: number[]) => values.reduce((m, v) => Math.max(m, v), 0);

/** The issue's goals: 3 cents on steady notes, 10 with vibrato; held share within 0.05. */
export const GOAL_CENTS = { steady: 3, vibrato: 10 } as const;
export const GOAL_HELD = 0.05;

/** Takes per condition: enough that a row's mean says more about the engine than the draw. */
export const RETAKES = 16;

/** One condition sung `takes` times (retakes 0..takes-1), scored from both engines' frames. */
export interface RetakeRow {
  condition: TakeCondition;
  takes: number;
  /** Take 0's truth (the single take the docs' per-note examples show). */
  truth: Take['truth'];
  /** Per take, every sung note's errors and the result. */
  ours: Errors[];
  pitchy: Errors[];
}

/**
 * Every condition sung `takes` times with fresh random jitter, shimmer and noise (take 0 is
 * the same draw as always; `seedBase` moves every take to another draw, to check that a row's
 * verdict is the engine's and not the seed's). About 40 ms of CPU a take.
 */
export function evaluateRetakes(module: WebAssembly.Module, takes = RETAKES, seedBase = ''): RetakeRow[] {
  return CONDITIONS.map((condition) => {
    const row: RetakeRow = { condition, takes, truth: [], ours: [], pitchy: [] };
    for (let k = 0; k < takes; k++) {
      const take = buildTake(condition, k, seedBase);
      if (k === 0) row.truth = take.truth;
      row.ours.push(
        errorsOf(take, oursFrames(module, take.samples, TAKE_RATE, analysisRangeFor(take.target))),
      );
      row.pitchy.push(errorsOf(take, pitchyFrames(take.samples, TAKE_RATE)));
    }
    return row;
  });
}

/** Per take, the row's worst note's |error| (a row is as good as its worst note). */
export const worstPerTake = (takes: readonly Errors[], what: 'cents' | 'held'): number[] =>
  takes.map((e) => max(e[what]));

export const mean = (values: readonly number[]) =>
  values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/**
 * Pitchy's lead, in standard errors of the per-take differences, that the takes cannot tell
 * from chance (about 0.5 % one-sided over 16 takes): a smaller lead is "no difference the takes can resolve".
 */
export const RESOLVE_SE = 3;

/** How ours and pitchy compare on one measure of one row, over its takes. */
export interface Comparison {
  /** Mean over the takes of the worst note's |error|. */
  ours: number;
  pitchy: number;
  /** ours - pitchy (negative: ours closer), and its standard error over the paired takes. */
  diff: number;
  se: number;
  /**
   * 'ours': ours at least as close (diff <= 0, no tie); 'unresolved': pitchy closer by less than
   * RESOLVE_SE standard errors; 'pitchy': pitchy closer beyond what the takes' spread explains.
   */
  verdict: 'ours' | 'unresolved' | 'pitchy';
}

export function compare(ours: readonly number[], pitchy: readonly number[]): Comparison {
  const diffs = ours.map((v, i) => Math.min(v, 99) - Math.min(pitchy[i] ?? 99, 99));
  const diff = mean(diffs);
  const sd = Math.sqrt(
    mean(diffs.map((d) => (d - diff) ** 2)) * (diffs.length / Math.max(1, diffs.length - 1)),
  );
  const se = sd / Math.sqrt(Math.max(1, diffs.length));
  const verdict = diff <= 0 ? 'ours' : diff <= RESOLVE_SE * se ? 'unresolved' : 'pitchy';
  return { ours: mean(ours), pitchy: mean(pitchy), diff, se, verdict };
}

/** A row's comparison in cents and in held share. */
export function compareRow(row: RetakeRow): { cents: Comparison; held: Comparison } {
  return {
    cents: compare(worstPerTake(row.ours, 'cents'), worstPerTake(row.pitchy, 'cents')),
    held: compare(worstPerTake(row.ours, 'held'), worstPerTake(row.pitchy, 'held')),
  };
}
