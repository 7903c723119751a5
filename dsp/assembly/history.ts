// Histories over time: the held note's pitch track (steadiness and vibrato), running cycle
// perturbation (jitter, shimmer) for stability, and the level history for dynamic range.

export const HISTORY: i32 = 50; // level history (the spec's 50 entries)
export const MIN_SAMPLES: i32 = 10;
/** Longest pitch track kept for steadiness: 128 frames (1.28 s at 10 ms). */
const NOTE: i32 = 128;
/** Frames of a held note needed before stability is reported (0.3 s at 10 ms). */
export const NOTE_MIN_FRAMES: i32 = 30;
/** A frame-to-frame step larger than this (cents) starts a new note: a sung interval, not a wobble. */
const NOTE_BREAK_CENTS: f64 = 80;
/** Frames of unvoicing that end a note. */
const NOTE_GAP_FRAMES: i32 = 5;

/** Stability weights and the values that count as "fully unsteady" (README: Stability). */
const JITTER_FULL: f64 = 0.02; // 2 % local jitter (Praat's pathology threshold is 1.04 %)
const SHIMMER_FULL: f64 = 0.15; // 15 % APQ3 shimmer (Praat's local-shimmer threshold is 3.81 %)
const WOBBLE_FULL: f64 = 80; // 80 cents RMS drift around the note (vibrato removed)
const W_JITTER: f64 = 0.35;
const W_SHIMMER: f64 = 0.25;
const W_WOBBLE: f64 = 0.4;
/** Vibrato: a 4-8 Hz oscillation with normalised autocorrelation above this and RMS above 8 cents. */
const VIBRATO_MIN_R: f64 = 0.5;
const VIBRATO_MIN_RMS: f64 = 8;

const cents = new StaticArray<f64>(NOTE);
const detrended = new StaticArray<f64>(NOTE);
let noteCount: i32 = 0;
let noteHead: i32 = 0;
let gap: i32 = 0;
let lastCents: f64 = 0;
let jitterAvg: f64 = 0;
let shimmerAvg: f64 = 0;
let perturbCount: i32 = 0;

const volume = new StaticArray<f32>(HISTORY);
let volumeCount: i32 = 0;
let volumeHead: i32 = 0;

export let vibratoRate: f64 = 0;
export let vibratoExtent: f64 = 0;
export let wobbleCents: f64 = 0;
export let stabilityValue: f64 = 0;

export function historyReset(): void {
  noteCount = 0;
  noteHead = 0;
  gap = 0;
  perturbCount = 0;
  jitterAvg = 0;
  shimmerAvg = 0;
  volumeCount = 0;
  volumeHead = 0;
  vibratoRate = 0;
  vibratoExtent = 0;
  wobbleCents = 0;
  stabilityValue = 0;
}

function clamp01(v: f64): f64 {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/** An unvoiced frame: a long enough gap ends the note. */
export function pushUnvoiced(): void {
  gap++;
  if (gap >= NOTE_GAP_FRAMES) noteCount = 0;
  stabilityValue = 0;
  vibratoRate = 0;
  vibratoExtent = 0;
}

/**
 * A voiced frame: its pitch (semitones), cycle jitter and shimmer (fractions) and the time
 * between frames (s). Updates stability, vibrato rate/extent and wobble.
 */
export function pushVoiced(semitone: f64, jitter: f64, shimmer: f64, hopSeconds: f64): void {
  const c = semitone * 100;
  if (noteCount > 0 && Math.abs(c - lastCents) > NOTE_BREAK_CENTS) noteCount = 0;
  lastCents = c;
  gap = 0;
  unchecked((cents[noteHead] = c));
  noteHead = (noteHead + 1) % NOTE;
  if (noteCount < NOTE) noteCount++;
  // Running means over about 20 voiced frames (one 60 ms window spans 6 hops anyway).
  const a = perturbCount < 20 ? 1.0 / <f64>(perturbCount + 1) : 0.05;
  jitterAvg += a * (jitter - jitterAvg);
  shimmerAvg += a * (shimmer - shimmerAvg);
  perturbCount++;
  if (noteCount < NOTE_MIN_FRAMES) {
    stabilityValue = 0;
    vibratoRate = 0;
    vibratoExtent = 0;
    return;
  }
  steadiness(hopSeconds);
  const penalty =
    W_JITTER * clamp01(jitterAvg / JITTER_FULL) +
    W_SHIMMER * clamp01(shimmerAvg / SHIMMER_FULL) +
    W_WOBBLE * clamp01(wobbleCents / WOBBLE_FULL);
  // Never exactly 0: 0 means "not measured yet".
  stabilityValue = Math.max(0.001, 1 - penalty);
}

// Linear detrend of the note (a slow glide or a drifting tuning is not wobble), then vibrato
// detection by autocorrelation at 4-8 Hz lags. With vibrato, the wobble is what remains after
// the oscillation: RMS of x(t) - x(t - L) over sqrt 2, L = the vibrato period, which cancels a
// periodic component exactly and keeps everything else.
function steadiness(hopSeconds: f64): void {
  const n = noteCount;
  const start = (noteHead - n + NOTE) % NOTE;
  let st: f64 = 0,
    sx: f64 = 0,
    stt: f64 = 0,
    stx: f64 = 0;
  for (let i = 0; i < n; i++) {
    const v = unchecked(cents[(start + i) % NOTE]);
    const t = <f64>i;
    st += t;
    sx += v;
    stt += t * t;
    stx += t * v;
  }
  const nn = <f64>n;
  const den = nn * stt - st * st;
  const slope = den != 0 ? (nn * stx - st * sx) / den : 0;
  const icpt = (sx - slope * st) / nn;
  let energy: f64 = 0;
  for (let i = 0; i < n; i++) {
    const d = unchecked(cents[(start + i) % NOTE]) - (icpt + slope * <f64>i);
    unchecked((detrended[i] = d));
    energy += d * d;
  }
  const rms = Math.sqrt(energy / nn);
  const minLag = max<i32>(2, <i32>Math.floor(1.0 / (8.0 * hopSeconds)));
  const maxLag = min<i32>(n / 2, <i32>Math.ceil(1.0 / (4.0 * hopSeconds)));
  let bestLag = 0;
  let bestR: f64 = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let xy: f64 = 0,
      xx: f64 = 0,
      yy: f64 = 0;
    for (let i = 0; i + lag < n; i++) {
      const p = unchecked(detrended[i]);
      const q = unchecked(detrended[i + lag]);
      xy += p * q;
      xx += p * p;
      yy += q * q;
    }
    const r = xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0;
    if (r > bestR) {
      bestR = r;
      bestLag = lag;
    }
  }
  if (bestLag > 0 && bestR > VIBRATO_MIN_R && rms > VIBRATO_MIN_RMS) {
    let diff: f64 = 0;
    for (let i = bestLag; i < n; i++) {
      const d = unchecked(detrended[i]) - unchecked(detrended[i - bestLag]);
      diff += d * d;
    }
    vibratoRate = 1.0 / (<f64>bestLag * hopSeconds);
    // A sinusoid of amplitude E has RMS E / sqrt 2.
    vibratoExtent = rms * Math.SQRT2;
    wobbleCents = Math.sqrt(diff / <f64>(n - bestLag) / 2.0);
  } else {
    vibratoRate = 0;
    vibratoExtent = 0;
    wobbleCents = rms;
  }
}

export function pushVolume(level: f32): void {
  unchecked((volume[volumeHead] = level));
  volumeHead = (volumeHead + 1) % HISTORY;
  if (volumeCount < HISTORY) volumeCount++;
}

/** Dynamic range = max - min of the volume history (0..1 level); 0 until 10 samples. */
export function dynamicRange(): f32 {
  if (volumeCount < MIN_SAMPLES) return 0;
  let lo: f32 = 1,
    hi: f32 = 0;
  for (let i = 0; i < volumeCount; i++) {
    const v = unchecked(volume[i]);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo;
}
