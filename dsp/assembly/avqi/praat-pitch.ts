// Praat's periodicity pitch analysis (fon/Sound_to_Pitch.cpp, Sound_to_Pitch_any) and its Viterbi
// path finder (fon/Pitch.cpp, Pitch_pathFinder), for one mono Sound whose first sample sits at
// half a sample period (what Praat's Read, Extract part and Concatenate give). Both methods:
// - "ac" (Hann-windowed autocorrelation divided by the window's own, 3 periods per window): what
//   "To PointProcess (periodic, cc)" runs first;
// - "cc" (forward cross-correlation, 1 period per window): "To Pitch (cc)", whose frame
//   strengths the voice report averages into its harmonics-to-noise ratio.
// Indices follow Praat's (1-based samples and frames) so each step can be checked line by line.

import { arenaAlloc } from '../arena';
import { interpolateSinc, refineMaximum, improvedIndex, SINC70, SINC700 } from './praat-interpolation';
import { allocF32, fft32Forward, fft32Inverse, fft32Setup } from './fft32';
import { realFftSetup, realForward, realInverse } from './real-fft';

export const METHOD_AC: i32 = 0;
export const METHOD_CC: i32 = 2;

/** The last analysis: frame count, first frame time, step, and the (clipped) ceiling. */
export let pitchFrames: i32 = 0;
export let pitchX1: f64 = 0;
export let pitchDt: f64 = 0;
export let pitchCeiling: f64 = 0;
/** Per frame (0-based), the path's winner: frequency (0 = voiceless) and strength. */
export let pitchFrequency: usize = 0;
export let pitchStrength: usize = 0;

let maxCandidates: i32 = 0;
let candFreq: usize = 0;
let candStrength: usize = 0;
let candCount: usize = 0;
let frameIntensity: usize = 0;

/**
 * Brent's tolerance for a candidate's lag, in samples. Praat asks for 1e-10; near a maximum the
 * strength's error is second order in the lag's (about 0.5 (2 pi / period)^2 tol^2, under 1e-7 for
 * periods of 20 samples or more) and the frequency's is tol / lag (under 5e-5), so 1e-3 keeps
 * every strength and frequency far inside what HNR and shimmer can see and saves about half of
 * the sinc-70 evaluations, the largest cost of both pitch analyses.
 */
const BRENT_TOLERANCE: f64 = 1e-3;

/**
 * A cc winner stronger than this is refined on correlations computed again in f64. HNR reads
 * 10 log10(r / (1 - r)), whose error is 4.3 dB times the error of r over 1 - r: the f32
 * correlations (good to about 3e-6 of r) moved a 47 dB HNR by 0.6 dB, but below r = 0.99 (20 dB)
 * they move a frame by under 0.002 dB. The ac analysis feeds only the path and the pulses'
 * periods, which f32 leaves unchanged to Praat's printed precision.
 */
const F64_STRENGTH: f64 = 0.99;

/** Memory for pass 1's correlations (5.6 MB for 5.5 s at 48 kHz); longer signals recompute them. */
const KEPT_ROWS_BYTES: u64 = 24 << 20;

/**
 * The refinement of frame f's winner (the path finder put it in place 1) on the sinc-70
 * interpolant, as Praat's NUMimproveMaximum but started from the candidate's parabolic lag
 * (refineMaximum: the same peak to better than Brent's 1e-3 sample, from half the evaluations).
 */
function refineWinner(f: i32, yBase: usize, ySize: i32, offset: i32, dx: f64, brentDepth: i32): void {
  const fr = load<f64>(cf(f, 1));
  const depth = fr > 0.3 / dx ? SINC700 : brentDepth;
  const x0 = 1.0 / dx / fr - <f64>offset;
  let ymid = refineMaximum(yBase, ySize, load<i32>(lag(f, 1)) - offset, x0, depth, BRENT_TOLERANCE);
  store<f64>(cf(f, 1), 1.0 / dx / (improvedIndex + <f64>offset));
  if (ymid > 1.0) ymid = 1.0 / ymid;
  store<f64>(cs(f, 1), ymid);
}

function sample(sig: usize, i: i32): f64 {
  return load<f64>(sig + ((<usize>(i - 1)) << 3));
}

function cf(frame: i32, cand: i32): usize {
  return candFreq + ((<usize>(frame * maxCandidates + cand - 1)) << 3);
}

function cs(frame: i32, cand: i32): usize {
  return candStrength + ((<usize>(frame * maxCandidates + cand - 1)) << 3);
}

let candLag: usize = 0;
// log2 of each voiced candidate's frequency, taken once in pass 1 for its local strength and
// reused by the path finder (Praat takes log2 of the ratios floor / f, ceiling / f and f1 / f2
// each time; the differences of the logarithms are equal to rounding).
let candOctave: usize = 0;

function octave(frame: i32, cand: i32): usize {
  return candOctave + ((<usize>(frame * maxCandidates + cand - 1)) << 3);
}

function lag(frame: i32, cand: i32): usize {
  return candLag + ((<usize>(frame * maxCandidates + cand - 1)) << 2);
}

function log2(x: f64): f64 {
  return Math.log(x) * Math.LOG2E;
}

/**
 * Runs the analysis and the path finder. Returns false when the sound is too short for one
 * frame (Praat refuses to analyse it). dx is the sample period; samples are sig[0..nx).
 */
export function praatPitch(
  sig: usize,
  nx: i32,
  dx: f64,
  method: i32,
  periodsPerWindow: f64,
  pitchFloor: f64,
  ceilingIn: f64,
  maxnCandidatesIn: i32,
  silenceThreshold: f64,
  voicingThreshold: f64,
  octaveCost: f64,
  octaveJumpCost: f64,
  voicedUnvoicedCost: f64,
  timeStep: f64 = 0.0,
  runningSumIn: usize = 0,
): bool {
  let maxn = maxnCandidatesIn;
  let ceiling = ceilingIn;
  if (<f64>maxn < ceiling / pitchFloor) maxn = <i32>Math.floor(ceiling / pitchFloor);
  // Praat's time step 0 means a quarter of the window (periods per window / floor).
  const dt = timeStep > 0.0 ? timeStep : periodsPerWindow / pitchFloor / 4.0;
  const brentDepth = SINC70;
  const interpolationDepth: f64 = method == METHOD_AC ? 0.5 : 1.0;
  const duration = dx * <f64>nx;
  if (pitchFloor < periodsPerWindow / duration) return false;
  const nsampPeriod = <i32>Math.floor(1.0 / dx / pitchFloor);
  const halfnsampPeriod = nsampPeriod / 2 + 1;
  if (ceiling > 0.5 / dx) ceiling = 0.5 / dx;
  const dtWindow = periodsPerWindow / pitchFloor;
  let nsampWindow = <i32>Math.floor(dtWindow / dx);
  const halfnsampWindow = nsampWindow / 2 - 1;
  if (halfnsampWindow < 2) return false;
  nsampWindow = halfnsampWindow * 2;
  let maximumLag = <i32>Math.floor(<f64>nsampWindow / periodsPerWindow) + 2;
  if (maximumLag > nsampWindow) maximumLag = nsampWindow;
  const windowDuration = method == METHOD_CC ? 1.0 / pitchFloor + dtWindow : dtWindow;
  if (windowDuration > duration) return false;
  const nFrames = <i32>Math.floor((duration - windowDuration) / dt) + 1;
  const x1Sound = 0.5 * dx;
  const ourMid = x1Sound - 0.5 * dx + 0.5 * duration;
  const t1 = ourMid - 0.5 * (<f64>nFrames * dt) + 0.5 * dt;

  pitchFrames = nFrames;
  pitchX1 = t1;
  pitchDt = dt;
  pitchCeiling = ceiling;
  maxCandidates = maxn;
  candFreq = arenaAlloc((<usize>(nFrames * maxn)) << 3);
  candStrength = arenaAlloc((<usize>(nFrames * maxn)) << 3);
  candCount = arenaAlloc((<usize>nFrames) << 2);
  frameIntensity = arenaAlloc((<usize>nFrames) << 3);
  pitchFrequency = arenaAlloc((<usize>nFrames) << 3);
  pitchStrength = arenaAlloc((<usize>nFrames) << 3);
  for (let f = 0; f < nFrames; f++) store<i32>(candCount + ((<usize>f) << 2), 1);

  let mean = 0.0;
  for (let i = 1; i <= nx; i++) mean += sample(sig, i);
  mean /= <f64>nx;
  // Each frame's local mean (over two periods; frames overlap heavily) in two reads.
  const runningSum = runningSumIn != 0 ? runningSumIn : signalRunningSum(sig, nx);
  let globalPeak = 0.0;
  for (let i = 1; i <= nx; i++) {
    const v = Math.abs(sample(sig, i) - mean);
    if (v > globalPeak) globalPeak = v;
  }
  if (globalPeak == 0.0) return true;

  let brentIxmax: i32;
  let nsampFFT = 1;
  let window: usize = 0;
  let windowR: usize = 0;
  if (method == METHOD_CC) {
    brentIxmax = <i32>Math.floor(<f64>nsampWindow * interpolationDepth);
    // A window against a span of maximumLag + nsampWindow samples: a transform that long keeps
    // the circular correlation free of wrap-around at every lag we read.
    while (nsampFFT < maximumLag + nsampWindow) nsampFFT *= 2;
  } else {
    while (<f64>nsampFFT < <f64>nsampWindow * (1.0 + interpolationDepth)) nsampFFT *= 2;
    brentIxmax = <i32>Math.floor(<f64>nsampWindow * interpolationDepth);
  }
  // The correlations come from f32 transforms, four lanes at a time (fft32.ts): a 2048-point
  // correlation is good to a few 1e-7 of the frame's energy, far below what the path finder's
  // costs, the pulses or HNR can see; the frames, sums and everything after stay f64.
  fft32Setup(nsampFFT);
  const fftIn = allocF32(nsampFFT);
  const fftOut = allocF32(nsampFFT);
  const specRe = allocF32(nsampFFT / 2 + 1);
  const specIm = allocF32(nsampFFT / 2 + 1);
  const spec2Re = allocF32(nsampFFT / 2 + 1);
  const spec2Im = allocF32(nsampFFT / 2 + 1);
  // f64 transforms for the strongest cc winners (F64_STRENGTH), of preciseFFT points: the lags
  // 0..maximumLag in blocks of preciseFFT - nsampWindow + 1, each block the window against its
  // stretch of the span (overlap-save; one block when preciseFFT is nsampFFT). Half-size blocks
  // pay where two of them cover every lag (22.05 kHz and up: the window's spectrum once, then two
  // half-size spans and inverses, against three full-size transforms).
  let preciseFFT = nsampFFT;
  if (method == METHOD_CC && nsampFFT / 2 > nsampWindow && 2 * (nsampFFT / 2 - nsampWindow + 1) > maximumLag)
    preciseFFT = nsampFFT / 2;
  const blockLags = preciseFFT - nsampWindow + 1;
  let fftIn64: usize = 0,
    fftOut64: usize = 0,
    specRe64: usize = 0,
    specIm64: usize = 0,
    spec2Re64: usize = 0,
    spec2Im64: usize = 0;
  if (method == METHOD_CC) {
    realFftSetup(preciseFFT);
    fftIn64 = arenaAlloc((<usize>preciseFFT) << 3);
    fftOut64 = arenaAlloc((<usize>(maximumLag + preciseFFT + 2)) << 3);
    specRe64 = arenaAlloc((<usize>(preciseFFT / 2 + 1)) << 3);
    specIm64 = arenaAlloc((<usize>(preciseFFT / 2 + 1)) << 3);
    spec2Re64 = arenaAlloc((<usize>(preciseFFT / 2 + 1)) << 3);
    spec2Im64 = arenaAlloc((<usize>(preciseFFT / 2 + 1)) << 3);
  }
  if (method == METHOD_AC) {
    window = arenaAlloc((<usize>(nsampWindow + 1)) << 3);
    windowR = arenaAlloc((<usize>(nsampWindow + 1)) << 3);
    for (let i = 1; i <= nsampWindow; i++) {
      store<f64>(
        window + ((<usize>i) << 3),
        0.5 - 0.5 * Math.cos((<f64>i * 2.0 * Math.PI) / <f64>(nsampWindow + 1)),
      );
    }
    // The window's own autocorrelation, normalised to lag 0: windowR[i] holds lag i - 1.
    for (let i = 0; i < nsampWindow; i++) f32At(fftIn, i, load<f64>(window + ((<usize>(i + 1)) << 3)));
    autocorrelation(fftIn, fftOut, specRe, specIm, nsampFFT);
    const lag0 = <f64>load<f32>(fftOut);
    store<f64>(windowR + 8, 1.0);
    for (let i = 2; i <= nsampWindow; i++) {
      store<f64>(windowR + ((<usize>i) << 3), <f64>load<f32>(fftOut + ((<usize>(i - 1)) << 2)) / lag0);
    }
  }
  // r[-brentIxmax .. brentIxmax] (and up to nsampWindow for cc); rBase points at r[0].
  const rSpan = nsampWindow > brentIxmax ? nsampWindow : brentIxmax;
  const rBuffer = arenaAlloc((<usize>(2 * rSpan + 3)) << 3);
  const rBase = rBuffer + ((<usize>(rSpan + 1)) << 3);
  // The lag (index into r) of each frame's candidates, kept for the winner's refinement.
  candLag = arenaAlloc((<usize>(nFrames * maxn)) << 2);
  candOctave = arenaAlloc((<usize>(nFrames * maxn)) << 3);
  const floorOctave = log2(pitchFloor);
  // Praat's interpolation array y[1..2*brentIxmax+1] is r shifted: y[k] = r[k - brentIxmax - 1].
  const yBase = rBase - ((<usize>brentIxmax) << 3);
  const ySize = 2 * brentIxmax + 1;
  const offset = -brentIxmax - 1;
  // The interpolations read negative lags only down to -(depth + 1): lags 1..mirrored are copied
  // to the negative side, not the whole row (sinc-700 is used above 0.3 of the rate only).
  const mirrored = ceiling > 0.3 / dx || rSpan < SINC70 + 2 ? rSpan : SINC70 + 2;
  // Pass 1 keeps each frame's correlations (r[0..rSpan]; the buffer is always symmetric) when
  // they fit KEPT_ROWS_BYTES, so that pass 2 need not compute them again. Pass 2 reads a kept
  // row where it lies: its negative lags are mirrored over the end of the row before it (whose
  // frame pass 2 has finished with), or over `mirrored` entries of room ahead of the first row.
  // The ac method computes and reads lags up to brentIxmax only (half its window): its rows stop there.
  const rowBytes = (<usize>((method == METHOD_AC ? brentIxmax : rSpan) + 1)) << 3;
  const keepRows = <u64>nFrames * <u64>rowBytes <= KEPT_ROWS_BYTES;
  const rows = keepRows
    ? arenaAlloc(<usize>nFrames * rowBytes + ((<usize>mirrored) << 3)) + ((<usize>mirrored) << 3)
    : 0;
  const localStrengths = arenaAlloc((<usize>(maxn + 1)) << 3); // per candidate place, this frame
  const rowPrecise = arenaAlloc(<usize>nFrames); // 1 where pass 1 computed the row in f64
  const energies = arenaAlloc((<usize>(rSpan + 2)) << 3); // cc: sum x^2 times sum y^2 per lag
  let previousBest: f64 = 0.0;

  // Pass 1 finds every frame's candidates (strengths from the sinc-30 interpolation at the
  // parabolic peak) and the path finder picks the winners; pass 2 takes the voiced frames'
  // correlations (kept, or computed again when too long to keep) and refines the winner alone by
  // Brent's method on the sinc-70 interpolant. Praat refines every candidate before the path
  // finder, which cost about twice the rest of the analysis; a refined strength differs from the
  // sinc-30 one by far less than the costs that usually separate candidates, so the path is the
  // same but for rare near-ties (HNR moved by under 0.02 dB on two of the 24 fixture pairs), and
  // the strengths and frequencies that HNR and the pulses read are refined as Praat refines them.
  for (let pass = 1; pass <= 2; pass++) {
    if (pass == 2) {
      pathFinder(silenceThreshold, voicingThreshold, octaveCost, octaveJumpCost, voicedUnvoicedCost, ceiling);
    }
    for (let iframe = 1; iframe <= nFrames; iframe++) {
      const f = iframe - 1;
      if (pass == 2 && !(load<f64>(cf(f, 1)) > 0.0)) continue;
      // f64 correlations where the winner is stronger than F64_STRENGTH. Pass 1 cannot know the
      // winner yet, so it predicts from the previous frame's strongest candidate (voices change
      // slowly): a clean voice's frames are then computed once, in f64, and a mistaken f32 guess
      // is computed again in pass 2.
      const needPrecise = pass == 2 && method == METHOD_CC && load<f64>(cs(f, 1)) > F64_STRENGTH;
      const precise = pass == 1 ? method == METHOD_CC && previousBest > F64_STRENGTH : needPrecise;
      if (pass == 2 && keepRows && (!needPrecise || load<u8>(rowPrecise + <usize>f) != 0)) {
        const row = rows + <usize>f * rowBytes;
        for (let i = 1; i <= mirrored; i++)
          store<f64>(row - ((<usize>i) << 3), load<f64>(row + ((<usize>i) << 3)));
        refineWinner(f, row - ((<usize>brentIxmax) << 3), ySize, offset, dx, brentDepth);
        continue;
      }
      const t = t1 + <f64>(iframe - 1) * dt;
      const leftSample = <i32>Math.floor((t - x1Sound) / dx + 1.0);
      const rightSample = leftSample + 1;
      let startSample = rightSample - nsampPeriod;
      let endSample = leftSample + nsampPeriod;
      let localMean = 0.0;
      if (startSample >= 1 && endSample <= nx) {
        localMean =
          load<f64>(runningSum + ((<usize>endSample) << 3)) -
          load<f64>(runningSum + ((<usize>(startSample - 1)) << 3));
      } else {
        for (let i = startSample; i <= endSample; i++) localMean += sample(sig, i);
      }
      localMean /= <f64>(2 * nsampPeriod);
      const frameStart = rightSample - halfnsampWindow;
      // The windowed frame is the ac method's input; the cc method reads the signal itself and
      // needs only the frame's local peak, taken from the same values.
      // The frame's first sample (frame[1]) is sig[frameStart - 1], 0-based.
      const frameSig = sig + ((<usize>(frameStart - 1)) << 3);
      if (method == METHOD_AC) windowedToF32(frameSig, localMean, window + 8, fftIn, nsampWindow);
      startSample = halfnsampWindow + 1 - halfnsampPeriod;
      if (startSample < 1) startSample = 1;
      endSample = halfnsampWindow + halfnsampPeriod;
      if (endSample > nsampWindow) endSample = nsampWindow;
      const localPeak = peakAbout(
        frameSig + ((<usize>(startSample - 1)) << 3),
        localMean,
        method == METHOD_AC ? window + ((<usize>startSample) << 3) : 0,
        endSample - startSample + 1,
      );
      if (pass == 1)
        store<f64>(frameIntensity + ((<usize>f) << 3), localPeak > globalPeak ? 1.0 : localPeak / globalPeak);

      if (method == METHOD_CC) {
        const startTime = t - 0.5 * (1.0 / pitchFloor + dtWindow);
        let start = <i32>Math.floor((startTime - x1Sound) / dx + 1.0);
        if (start < 1) start = 1;
        let localSpan = maximumLag + nsampWindow;
        if (localSpan > nx + 1 - start) localSpan = nx + 1 - start;
        const localMaximumLag = localSpan - nsampWindow;
        const amp = sig + ((<usize>(start - 1)) << 3) - 8; // amp[i] = z[start - 1 + i]
        const sumx2 = squaresAbout(amp + 8, localMean, nsampWindow);
        // Praat sums x[j] y[i + j] lag by lag; the same products for every lag at once come from
        // the window's spectrum conjugated times the span's, back in the lag domain.
        if (precise) {
          centred(amp + 8, localMean, fftIn64, nsampWindow);
          memory.fill(fftIn64 + ((<usize>nsampWindow) << 3), 0, (<usize>(preciseFFT - nsampWindow)) << 3);
          realForward(fftIn64, specRe64, specIm64);
          // Block by block, lags first..first + blockLags - 1 from the span's samples from first
          // on: x[j] y[first + i + j] never reaches past preciseFFT, so nothing wraps around.
          for (let first = 0; first <= localMaximumLag; first += blockLags) {
            const count = localSpan - first < preciseFFT ? localSpan - first : preciseFFT;
            centred(amp + ((<usize>(first + 1)) << 3), localMean, fftIn64, count);
            if (count < preciseFFT)
              memory.fill(fftIn64 + ((<usize>count) << 3), 0, (<usize>(preciseFFT - count)) << 3);
            realForward(fftIn64, spec2Re64, spec2Im64);
            crossSpectrum64(specRe64, specIm64, spec2Re64, spec2Im64, preciseFFT / 2 + 1);
            const lags = localMaximumLag + 1 - first < blockLags ? localMaximumLag + 1 - first : blockLags;
            realInverse(spec2Re64, spec2Im64, fftOut64 + ((<usize>first) << 3), lags);
          }
        } else {
          toF32(amp + 8, fftIn, nsampWindow, localMean);
          memory.fill(fftIn + ((<usize>nsampWindow) << 2), 0, (<usize>(nsampFFT - nsampWindow)) << 2);
          fft32Forward(fftIn, specRe, specIm);
          toF32(
            amp + ((<usize>(nsampWindow + 1)) << 3),
            fftIn + ((<usize>nsampWindow) << 2),
            localSpan - nsampWindow,
            localMean,
          );
          fft32Forward(fftIn, spec2Re, spec2Im);
          crossSpectrum(specRe, specIm, spec2Re, spec2Im, nsampFFT / 2 + 1);
          fft32Inverse(specRe, specIm, fftOut);
        }
        // Each lag's energy product first (a running sum), then r = c / sqrt(product), two
        // lanes at a time where SIMD is on (the same exactly rounded operations per lag).
        let sumy2 = sumx2;
        store<f64>(rBase, 1.0);
        for (let i = 1; i <= localMaximumLag; i++) {
          const y0 = load<f64>(amp + ((<usize>i) << 3)) - localMean;
          const yZ = load<f64>(amp + ((<usize>(i + nsampWindow)) << 3)) - localMean;
          sumy2 += yZ * yZ - y0 * y0;
          const c = precise
            ? load<f64>(fftOut64 + ((<usize>i) << 3))
            : <f64>load<f32>(fftOut + ((<usize>i) << 2));
          store<f64>(rBase + ((<usize>i) << 3), c);
          store<f64>(energies + ((<usize>i) << 3), sumx2 * sumy2);
        }
        let i = 1;
        if (ASC_FEATURE_SIMD) {
          for (; i + 1 <= localMaximumLag; i += 2) {
            const o = (<usize>i) << 3;
            v128.store(rBase + o, f64x2.div(v128.load(rBase + o), f64x2.sqrt(v128.load(energies + o))));
          }
        }
        for (; i <= localMaximumLag; i++) {
          const o = (<usize>i) << 3;
          store<f64>(rBase + o, load<f64>(rBase + o) / Math.sqrt(load<f64>(energies + o)));
        }
        const mirror = localMaximumLag < mirrored ? localMaximumLag : mirrored;
        for (let j = 1; j <= mirror; j++)
          store<f64>(rBase - ((<usize>j) << 3), load<f64>(rBase + ((<usize>j) << 3)));
      } else {
        autocorrelation(fftIn, fftOut, specRe, specIm, nsampFFT);
        const ac1 = <f64>load<f32>(fftOut);
        store<f64>(rBase, 1.0);
        normaliseAc(fftOut, ac1, windowR, rBase, brentIxmax);
        const mirror = brentIxmax < mirrored ? brentIxmax : mirrored;
        for (let j = 1; j <= mirror; j++)
          store<f64>(rBase - ((<usize>j) << 3), load<f64>(rBase + ((<usize>j) << 3)));
      }

      if (pass == 2) {
        refineWinner(f, yBase, ySize, offset, dx, brentDepth);
        continue;
      }
      if (keepRows) {
        memory.copy(rows + <usize>f * rowBytes, rBase, rowBytes);
        store<u8>(rowPrecise + <usize>f, precise ? 1 : 0);
      }
      // Candidate 1 is always voicelessness.
      store<f64>(cf(f, 1), 0.0);
      store<f64>(cs(f, 1), 0.0);
      let n = 1;
      if (localPeak == 0.0) {
        store<i32>(candCount + ((<usize>f) << 2), n);
        continue;
      }
      store<i32>(lag(f, 1), 0);
      for (let i = 2; i < maximumLag && i < brentIxmax; i++) {
        const ri = load<f64>(rBase + ((<usize>i) << 3));
        const rm = load<f64>(rBase + ((<usize>(i - 1)) << 3));
        const rp = load<f64>(rBase + ((<usize>(i + 1)) << 3));
        if (!(ri > 0.5 * voicingThreshold && ri > rm && ri >= rp)) continue;
        let place = 0;
        const dr = 0.5 * (rp - rm);
        const d2r = 2.0 * ri - rm - rp;
        const frequencyOfMaximum = 1.0 / dx / (<f64>i + dr / d2r);
        let strengthOfMaximum = interpolateSinc(
          yBase,
          ySize,
          1.0 / dx / frequencyOfMaximum - <f64>offset,
          30,
        );
        if (strengthOfMaximum > 1.0) strengthOfMaximum = 1.0 / strengthOfMaximum;
        // Praat's "local strength" of a candidate, computed once per candidate here (Praat
        // recomputes every kept candidate's for each new peak once the list is full).
        const candidateOctave = log2(frequencyOfMaximum);
        const localStrength = strengthOfMaximum - octaveCost * (floorOctave - candidateOctave);
        if (n < maxn) {
          n++;
          place = n;
        } else {
          let weakest = 2.0;
          for (let iweak = 2; iweak <= maxn; iweak++) {
            const kept = load<f64>(localStrengths + ((<usize>iweak) << 3));
            if (kept < weakest) {
              weakest = kept;
              place = iweak;
            }
          }
          if (localStrength <= weakest) place = 0;
        }
        if (place != 0) {
          store<f64>(localStrengths + ((<usize>place) << 3), localStrength);
          store<f64>(cf(f, place), frequencyOfMaximum);
          store<f64>(cs(f, place), strengthOfMaximum);
          store<i32>(lag(f, place), i);
          store<f64>(octave(f, place), candidateOctave);
        }
      }
      store<i32>(candCount + ((<usize>f) << 2), n);
      previousBest = 0.0;
      for (let c = 2; c <= n; c++) if (load<f64>(cs(f, c)) > previousBest) previousBest = load<f64>(cs(f, c));
    }
  }
  for (let f = 0; f < nFrames; f++) {
    store<f64>(pitchFrequency + ((<usize>f) << 3), load<f64>(cf(f, 1)));
    store<f64>(pitchStrength + ((<usize>f) << 3), load<f64>(cs(f, 1)));
  }
  return true;
}

/** runningSum[i] = sig[0] + ... + sig[i - 1], i <= nx: any frame's sum in two reads. */
export function signalRunningSum(sig: usize, nx: i32): usize {
  const runningSum = arenaAlloc((<usize>(nx + 1)) << 3);
  let sum = 0.0;
  for (let i = 0; i < nx; i++) {
    sum += load<f64>(sig + ((<usize>i) << 3));
    store<f64>(runningSum + ((<usize>(i + 1)) << 3), sum);
  }
  return runningSum;
}

/**
 * to[j] = <f32>((from[j] - mean) * window[j]), j < count: the ac method's windowed frame, two
 * lanes at a time where SIMD is on (the same exactly rounded operations per sample).
 */
function windowedToF32(from: usize, mean: f64, window: usize, to: usize, count: i32): void {
  let j = 0;
  if (ASC_FEATURE_SIMD) {
    const m = f64x2.splat(mean);
    for (; j + 4 <= count; j += 4) {
      const o = (<usize>j) << 3;
      const a = f64x2.mul(f64x2.sub(v128.load(from + o), m), v128.load(window + o));
      const b = f64x2.mul(f64x2.sub(v128.load(from + o + 16), m), v128.load(window + o + 16));
      v128.store(
        to + ((<usize>j) << 2),
        v128.shuffle<f32>(f32x4.demote_f64x2_zero(a), f32x4.demote_f64x2_zero(b), 0, 1, 4, 5),
      );
    }
  }
  for (; j < count; j++) {
    const o = (<usize>j) << 3;
    f32At(to, j, (load<f64>(from + o) - mean) * load<f64>(window + o));
  }
}

/**
 * The largest |from[j] - mean| (times window[j] when window is not 0), j < count: a frame's
 * local peak. Maxima of the same exactly rounded values, in any order, are the same number.
 */
function peakAbout(from: usize, mean: f64, window: usize, count: i32): f64 {
  let j = 0;
  let peak = 0.0;
  if (ASC_FEATURE_SIMD) {
    const m = f64x2.splat(mean);
    let p = f64x2.splat(0.0);
    if (window != 0) {
      for (; j + 2 <= count; j += 2) {
        const o = (<usize>j) << 3;
        p = f64x2.pmax(p, f64x2.abs(f64x2.mul(f64x2.sub(v128.load(from + o), m), v128.load(window + o))));
      }
    } else {
      for (; j + 2 <= count; j += 2) {
        p = f64x2.pmax(p, f64x2.abs(f64x2.sub(v128.load(from + ((<usize>j) << 3)), m)));
      }
    }
    const a = f64x2.extract_lane(p, 0);
    const b = f64x2.extract_lane(p, 1);
    peak = a > b ? a : b;
  }
  for (; j < count; j++) {
    const o = (<usize>j) << 3;
    const d = load<f64>(from + o) - mean;
    const v = Math.abs(window != 0 ? d * load<f64>(window + o) : d);
    if (v > peak) peak = v;
  }
  return peak;
}

/**
 * sum of (from[i] - mean)^2, i < count, in four interleaved partial sums (lanes i % 4) added as
 * (s0 + s2) + (s1 + s3), the rest in order: f64 additions chained one after the other wait for
 * each other, four chains run side by side. Both builds add in this order.
 */
function squaresAbout(from: usize, mean: f64, count: i32): f64 {
  let i = 0;
  let sum = 0.0;
  if (ASC_FEATURE_SIMD) {
    const m = f64x2.splat(mean);
    let s01 = f64x2.splat(0.0);
    let s23 = f64x2.splat(0.0);
    for (; i + 4 <= count; i += 4) {
      const o = (<usize>i) << 3;
      const a = f64x2.sub(v128.load(from + o), m);
      const b = f64x2.sub(v128.load(from + o + 16), m);
      s01 = f64x2.add(s01, f64x2.mul(a, a));
      s23 = f64x2.add(s23, f64x2.mul(b, b));
    }
    const s = f64x2.add(s01, s23);
    sum = f64x2.extract_lane(s, 0) + f64x2.extract_lane(s, 1);
  } else {
    let s0 = 0.0,
      s1 = 0.0,
      s2 = 0.0,
      s3 = 0.0;
    for (; i + 4 <= count; i += 4) {
      const o = (<usize>i) << 3;
      const a = load<f64>(from + o) - mean;
      const b = load<f64>(from + o + 8) - mean;
      const c = load<f64>(from + o + 16) - mean;
      const d = load<f64>(from + o + 24) - mean;
      s0 += a * a;
      s1 += b * b;
      s2 += c * c;
      s3 += d * d;
    }
    sum = s0 + s2 + (s1 + s3);
  }
  for (; i < count; i++) {
    const x = load<f64>(from + ((<usize>i) << 3)) - mean;
    sum += x * x;
  }
  return sum;
}

/**
 * r[i] = c[i] / (ac1 * windowR[i + 1]), i = 1..last: the ac method's autocorrelation (f32 c)
 * divided by the window's own, two lags at a time where SIMD is on (the same exactly rounded
 * operations per lag).
 */
function normaliseAc(c: usize, ac1: f64, windowR: usize, r: usize, last: i32): void {
  let i = 1;
  if (ASC_FEATURE_SIMD) {
    const a = f64x2.splat(ac1);
    for (; i + 1 <= last; i += 2) {
      const cv = f64x2.promote_low_f32x4(v128.load64_zero(c + ((<usize>i) << 2)));
      const w = v128.load(windowR + ((<usize>(i + 1)) << 3));
      v128.store(r + ((<usize>i) << 3), f64x2.div(cv, f64x2.mul(a, w)));
    }
  }
  for (; i <= last; i++) {
    store<f64>(
      r + ((<usize>i) << 3),
      <f64>load<f32>(c + ((<usize>i) << 2)) / (ac1 * load<f64>(windowR + ((<usize>(i + 1)) << 3))),
    );
  }
}

/** to[i] = from[i] - mean, i < count, two at a time where SIMD is on. */
function centred(from: usize, mean: f64, to: usize, count: i32): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const m = f64x2.splat(mean);
    for (; i + 2 <= count; i += 2) {
      const o = (<usize>i) << 3;
      v128.store(to + o, f64x2.sub(v128.load(from + o), m));
    }
  }
  for (; i < count; i++) store<f64>(to + ((<usize>i) << 3), load<f64>(from + ((<usize>i) << 3)) - mean);
}

/**
 * x conjugated times y, bin by bin, into (yr, yi) (f64; x is kept for the next block), two bins
 * at a time where SIMD is on (the same operations per bin).
 */
function crossSpectrum64(xr: usize, xi: usize, yr: usize, yi: usize, bins: i32): void {
  let k = 0;
  if (ASC_FEATURE_SIMD) {
    for (; k + 2 <= bins; k += 2) {
      const o = (<usize>k) << 3;
      const a = v128.load(xr + o);
      const b = v128.load(xi + o);
      const c = v128.load(yr + o);
      const d = v128.load(yi + o);
      v128.store(yr + o, f64x2.add(f64x2.mul(a, c), f64x2.mul(b, d)));
      v128.store(yi + o, f64x2.sub(f64x2.mul(a, d), f64x2.mul(b, c)));
    }
  }
  for (; k < bins; k++) {
    const o = (<usize>k) << 3;
    const a = load<f64>(xr + o);
    const b = load<f64>(xi + o);
    const c = load<f64>(yr + o);
    const d = load<f64>(yi + o);
    store<f64>(yr + o, a * c + b * d);
    store<f64>(yi + o, a * d - b * c);
  }
}

function f32At(p: usize, i: i32, v: f64): void {
  store<f32>(p + ((<usize>i) << 2), <f32>v);
}

/** to[i] = <f32>(from[i] - mean), i < count (f64 in, f32 out), four at a time where SIMD is on. */
function toF32(from: usize, to: usize, count: i32, mean: f64): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const m = f64x2.splat(mean);
    for (; i + 4 <= count; i += 4) {
      const o = (<usize>i) << 3;
      const a = f32x4.demote_f64x2_zero(f64x2.sub(v128.load(from + o), m));
      const b = f32x4.demote_f64x2_zero(f64x2.sub(v128.load(from + o + 16), m));
      v128.store(to + ((<usize>i) << 2), v128.shuffle<f32>(a, b, 0, 1, 4, 5));
    }
  }
  for (; i < count; i++) f32At(to, i, load<f64>(from + ((<usize>i) << 3)) - mean);
}

/** Autocorrelation of input[0..n) (f32, zero-padded, left as it was) into output, through its power spectrum. */
function autocorrelation(input: usize, output: usize, re: usize, im: usize, n: i32): void {
  fft32Forward(input, re, im);
  const bins = n / 2 + 1;
  if (ASC_FEATURE_SIMD) {
    let k = 0;
    for (; k + 4 <= bins; k += 4) {
      const o = (<usize>k) << 2;
      const a = v128.load(re + o);
      const b = v128.load(im + o);
      v128.store(re + o, f32x4.add(f32x4.mul(a, a), f32x4.mul(b, b)));
    }
    for (; k < bins; k++) {
      const a = load<f32>(re + ((<usize>k) << 2));
      const b = load<f32>(im + ((<usize>k) << 2));
      store<f32>(re + ((<usize>k) << 2), a * a + b * b);
    }
  } else {
    for (let k = 0; k < bins; k++) {
      const a = load<f32>(re + ((<usize>k) << 2));
      const b = load<f32>(im + ((<usize>k) << 2));
      store<f32>(re + ((<usize>k) << 2), a * a + b * b);
    }
  }
  memory.fill(im, 0, (<usize>bins) << 2);
  fft32Inverse(re, im, output);
}

/** x conjugated times y, bin by bin, into (xr, xi): the spectrum of the cross-correlation. */
function crossSpectrum(xr: usize, xi: usize, yr: usize, yi: usize, bins: i32): void {
  let k = 0;
  if (ASC_FEATURE_SIMD) {
    for (; k + 4 <= bins; k += 4) {
      const o = (<usize>k) << 2;
      const a = v128.load(xr + o);
      const b = v128.load(xi + o);
      const c = v128.load(yr + o);
      const d = v128.load(yi + o);
      v128.store(xr + o, f32x4.add(f32x4.mul(a, c), f32x4.mul(b, d)));
      v128.store(xi + o, f32x4.sub(f32x4.mul(a, d), f32x4.mul(b, c)));
    }
  }
  for (; k < bins; k++) {
    const o = (<usize>k) << 2;
    const a = load<f32>(xr + o);
    const b = load<f32>(xi + o);
    const c = load<f32>(yr + o);
    const d = load<f32>(yi + o);
    store<f32>(xr + o, a * c + b * d);
    store<f32>(xi + o, a * d - b * c);
  }
}

function isVoiced(f: f64, ceiling: f64): bool {
  return f > 0.0 && f < ceiling;
}

function pathFinder(
  silenceThreshold: f64,
  voicingThreshold: f64,
  octaveCost: f64,
  octaveJumpCostIn: f64,
  voicedUnvoicedCostIn: f64,
  ceiling: f64,
): void {
  const nFrames = pitchFrames;
  const maxn = maxCandidates;
  const timeStepCorrection = 0.01 / pitchDt;
  const octaveJumpCost = octaveJumpCostIn * timeStepCorrection;
  const voicedUnvoicedCost = voicedUnvoicedCostIn * timeStepCorrection;
  const delta = arenaAlloc((<usize>(nFrames * maxn)) << 3);
  const psi = arenaAlloc((<usize>(nFrames * maxn)) << 2);
  // An octave jump costs |log2 f1 - log2 f2| (candOctave: Praat takes log2 (f1 / f2) for each of
  // the n^2 pairs of each frame; equal to rounding).
  const octaves = candOctave;
  const ceilingOctave = log2(ceiling);
  for (let f = 0; f < nFrames; f++) {
    const intensity = load<f64>(frameIntensity + ((<usize>f) << 3));
    let unvoicedStrength =
      silenceThreshold <= 0 ? 0.0 : 2.0 - intensity / (silenceThreshold / (1.0 + voicingThreshold));
    unvoicedStrength = voicingThreshold + (unvoicedStrength > 0.0 ? unvoicedStrength : 0.0);
    const n = load<i32>(candCount + ((<usize>f) << 2));
    for (let c = 1; c <= n; c++) {
      const freq = load<f64>(cf(f, c));
      const value = !isVoiced(freq, ceiling)
        ? unvoicedStrength
        : load<f64>(cs(f, c)) - octaveCost * (ceilingOctave - load<f64>(octave(f, c)));
      store<f64>(delta + ((<usize>(f * maxn + c - 1)) << 3), value);
    }
  }
  for (let f = 1; f < nFrames; f++) {
    const nPrev = load<i32>(candCount + ((<usize>(f - 1)) << 2));
    const nCur = load<i32>(candCount + ((<usize>f) << 2));
    for (let c2 = 1; c2 <= nCur; c2++) {
      const f2 = load<f64>(cf(f, c2));
      const octave2 = load<f64>(octaves + ((<usize>(f * maxn + c2 - 1)) << 3));
      const currentVoiceless = !isVoiced(f2, ceiling);
      const curDelta = load<f64>(delta + ((<usize>(f * maxn + c2 - 1)) << 3));
      let maximum = -1e30;
      let place = 0;
      for (let c1 = 1; c1 <= nPrev; c1++) {
        const f1 = load<f64>(cf(f - 1, c1));
        const previousVoiceless = !isVoiced(f1, ceiling);
        let transitionCost: f64;
        if (currentVoiceless) {
          transitionCost = previousVoiceless ? 0.0 : voicedUnvoicedCost;
        } else if (previousVoiceless) {
          transitionCost = voicedUnvoicedCost;
        } else {
          transitionCost =
            octaveJumpCost *
            Math.abs(load<f64>(octaves + ((<usize>((f - 1) * maxn + c1 - 1)) << 3)) - octave2);
        }
        const value =
          load<f64>(delta + ((<usize>((f - 1) * maxn + c1 - 1)) << 3)) - transitionCost + curDelta;
        if (value > maximum) {
          maximum = value;
          place = c1;
        }
      }
      store<f64>(delta + ((<usize>(f * maxn + c2 - 1)) << 3), maximum);
      store<i32>(psi + ((<usize>(f * maxn + c2 - 1)) << 2), place);
    }
  }
  const last = nFrames - 1;
  let place = 1;
  let maximum = load<f64>(delta + ((<usize>(last * maxn)) << 3));
  const nLast = load<i32>(candCount + ((<usize>last) << 2));
  for (let c = 2; c <= nLast; c++) {
    const v = load<f64>(delta + ((<usize>(last * maxn + c - 1)) << 3));
    if (v > maximum) {
      place = c;
      maximum = v;
    }
  }
  for (let f = last; f >= 0; f--) {
    const a = cf(f, 1);
    const b = cf(f, place);
    const fa = load<f64>(a);
    store<f64>(a, load<f64>(b));
    store<f64>(b, fa);
    const sa = cs(f, 1);
    const sb = cs(f, place);
    const ssa = load<f64>(sa);
    store<f64>(sa, load<f64>(sb));
    store<f64>(sb, ssa);
    const la = lag(f, 1);
    const lb = lag(f, place);
    const lla = load<i32>(la);
    store<i32>(la, load<i32>(lb));
    store<i32>(lb, lla);
    place = load<i32>(psi + ((<usize>(f * maxn + place - 1)) << 2));
  }
}
