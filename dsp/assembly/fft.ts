// Radix-2 complex FFT with precomputed twiddles and bit-reversal tables, plus the two
// real-signal tricks the analyser needs: two real spectra from one complex FFT, and an
// inverse real FFT done with a half-size complex FFT. Everything is f32 and in place.

export const FFT_N: i32 = 2048;
const LOG2_N: i32 = 11;
const HALF_N: i32 = FFT_N >> 1;

// Split-format data (separate real and imaginary arrays) lets the butterflies of the larger
// stages run four at a time in Wasm SIMD. Stage twiddles are stored contiguously per stage:
// entries [half, 2 half) hold e^{-i 2 pi j / size} for j < half, so the inner loop reads them
// sequentially.
export const cosTable = new StaticArray<f32>(HALF_N);
export const sinTable = new StaticArray<f32>(HALF_N);
const stageRe = new StaticArray<f32>(FFT_N);
const stageIm = new StaticArray<f32>(FFT_N);
const revFull = new StaticArray<i32>(FFT_N);
const revHalf = new StaticArray<i32>(HALF_N);

function fillBitReverse(table: StaticArray<i32>, bits: i32): void {
  const n = 1 << bits;
  for (let i = 0; i < n; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    table[i] = r;
  }
}

export function fftInit(): void {
  for (let k = 0; k < HALF_N; k++) {
    const a = (2.0 * Math.PI * <f64>k) / <f64>FFT_N;
    cosTable[k] = <f32>Math.cos(a);
    sinTable[k] = <f32>Math.sin(a);
  }
  for (let half = 1; half < FFT_N; half <<= 1) {
    for (let j = 0; j < half; j++) {
      const a = (Math.PI * <f64>j) / <f64>half;
      stageRe[half + j] = <f32>Math.cos(a);
      stageIm[half + j] = <f32>-Math.sin(a);
    }
  }
  fillBitReverse(revFull, LOG2_N);
  fillBitReverse(revHalf, LOG2_N - 1);
}

function permute(re: StaticArray<f32>, im: StaticArray<f32>, rev: StaticArray<i32>, n: i32): void {
  for (let i = 0; i < n; i++) {
    const j = unchecked(rev[i]);
    if (j > i) {
      const r = unchecked(re[i]);
      const m = unchecked(im[i]);
      unchecked((re[i] = re[j]));
      unchecked((im[i] = im[j]));
      unchecked((re[j] = r));
      unchecked((im[j] = m));
    }
  }
}

// The first two stages have trivial twiddles (1 and -i), so they are done as one radix-4
// pass without multiplications.
function firstStages(re: StaticArray<f32>, im: StaticArray<f32>, n: i32): void {
  for (let p = 0; p < n; p += 4) {
    const ar = unchecked(re[p]),
      ai = unchecked(im[p]);
    const br = unchecked(re[p + 1]),
      bi = unchecked(im[p + 1]);
    const cr = unchecked(re[p + 2]),
      ci = unchecked(im[p + 2]);
    const dr = unchecked(re[p + 3]),
      di = unchecked(im[p + 3]);
    const s0r = ar + br,
      s0i = ai + bi,
      d0r = ar - br,
      d0i = ai - bi;
    const s1r = cr + dr,
      s1i = ci + di,
      d1r = cr - dr,
      d1i = ci - di;
    unchecked((re[p] = s0r + s1r));
    unchecked((im[p] = s0i + s1i));
    unchecked((re[p + 2] = s0r - s1r));
    unchecked((im[p + 2] = s0i - s1i));
    // d1 * (-i) = (d1i, -d1r)
    unchecked((re[p + 1] = d0r + d1i));
    unchecked((im[p + 1] = d0i - d1r));
    unchecked((re[p + 3] = d0r - d1i));
    unchecked((im[p + 3] = d0i + d1r));
  }
}

// One radix-2 stage (size >= 8, so half >= 4): four butterflies per iteration with f32x4.
function stage(re: StaticArray<f32>, im: StaticArray<f32>, n: i32, size: i32): void {
  const half = size >> 1;
  const pr = changetype<usize>(re);
  const pi = changetype<usize>(im);
  const twr = changetype<usize>(stageRe) + ((<usize>half) << 2);
  const twi = changetype<usize>(stageIm) + ((<usize>half) << 2);
  for (let block = 0; block < n; block += size) {
    const a0 = (<usize>block) << 2;
    const b0 = (<usize>(block + half)) << 2;
    for (let j = 0; j < half; j += 4) {
      const o = (<usize>j) << 2;
      const wr = v128.load(twr + o);
      const wi = v128.load(twi + o);
      const br = v128.load(pr + b0 + o);
      const bi = v128.load(pi + b0 + o);
      const tr = f32x4.sub(f32x4.mul(br, wr), f32x4.mul(bi, wi));
      const ti = f32x4.add(f32x4.mul(br, wi), f32x4.mul(bi, wr));
      const ar = v128.load(pr + a0 + o);
      const ai = v128.load(pi + a0 + o);
      v128.store(pr + b0 + o, f32x4.sub(ar, tr));
      v128.store(pi + b0 + o, f32x4.sub(ai, ti));
      v128.store(pr + a0 + o, f32x4.add(ar, tr));
      v128.store(pi + a0 + o, f32x4.add(ai, ti));
    }
  }
}

// One radix-2 stage without SIMD, same twiddle tables.
function scalarStage(re: StaticArray<f32>, im: StaticArray<f32>, n: i32, size: i32): void {
  const half = size >> 1;
  for (let block = 0; block < n; block += size) {
    for (let j = 0; j < half; j++) {
      const wr = unchecked(stageRe[half + j]);
      const wi = unchecked(stageIm[half + j]);
      const a = block + j;
      const b = a + half;
      const br = unchecked(re[b]),
        bi = unchecked(im[b]);
      const tr = br * wr - bi * wi;
      const ti = br * wi + bi * wr;
      const ar = unchecked(re[a]),
        ai = unchecked(im[a]);
      unchecked((re[b] = ar - tr));
      unchecked((im[b] = ai - ti));
      unchecked((re[a] = ar + tr));
      unchecked((im[a] = ai + ti));
    }
  }
}

// Complex multiply of four lanes: (ar + i ai)(br + i bi).
function cmulRe(ar: v128, ai: v128, br: v128, bi: v128): v128 {
  return f32x4.sub(f32x4.mul(ar, br), f32x4.mul(ai, bi));
}
function cmulIm(ar: v128, ai: v128, br: v128, bi: v128): v128 {
  return f32x4.add(f32x4.mul(ar, bi), f32x4.mul(ai, br));
}

// Two radix-2 stages (sizes 2h and 4h) in one pass over memory, four butterflies per lane
// group: stage one pairs (a, b) and (c, d) with W_2h^j; stage two pairs (a, c) with W_4h^j and
// (b, d) with W_4h^(j+h) = -i W_4h^j. Same arithmetic as two radix-2 passes, half the loads/stores.
function doubleStage(re: StaticArray<f32>, im: StaticArray<f32>, n: i32, h: i32): void {
  const pr = changetype<usize>(re);
  const pi = changetype<usize>(im);
  const t1r = changetype<usize>(stageRe) + ((<usize>h) << 2);
  const t1i = changetype<usize>(stageIm) + ((<usize>h) << 2);
  const t2r = changetype<usize>(stageRe) + ((<usize>(2 * h)) << 2);
  const t2i = changetype<usize>(stageIm) + ((<usize>(2 * h)) << 2);
  const hb = (<usize>h) << 2;
  for (let block = 0; block < n; block += 4 * h) {
    for (let j = 0; j < h; j += 4) {
      const o = (<usize>j) << 2;
      const a = ((<usize>block) << 2) + o;
      const w1r = v128.load(t1r + o),
        w1i = v128.load(t1i + o);
      const w2r = v128.load(t2r + o),
        w2i = v128.load(t2i + o);
      const ar = v128.load(pr + a),
        ai = v128.load(pi + a);
      const br = v128.load(pr + a + hb),
        bi = v128.load(pi + a + hb);
      const cr = v128.load(pr + a + 2 * hb),
        ci = v128.load(pi + a + 2 * hb);
      const dr = v128.load(pr + a + 3 * hb),
        di = v128.load(pi + a + 3 * hb);
      const tbr = cmulRe(br, bi, w1r, w1i),
        tbi = cmulIm(br, bi, w1r, w1i);
      const tdr = cmulRe(dr, di, w1r, w1i),
        tdi = cmulIm(dr, di, w1r, w1i);
      const a1r = f32x4.add(ar, tbr),
        a1i = f32x4.add(ai, tbi);
      const b1r = f32x4.sub(ar, tbr),
        b1i = f32x4.sub(ai, tbi);
      const c1r = f32x4.add(cr, tdr),
        c1i = f32x4.add(ci, tdi);
      const d1r = f32x4.sub(cr, tdr),
        d1i = f32x4.sub(ci, tdi);
      const ucr = cmulRe(c1r, c1i, w2r, w2i),
        uci = cmulIm(c1r, c1i, w2r, w2i);
      // (-i w2) d1 = -i (w2 d1): (x + iy) -> (y - ix)
      const vr0 = cmulRe(d1r, d1i, w2r, w2i),
        vi0 = cmulIm(d1r, d1i, w2r, w2i);
      const vr = vi0,
        vi = f32x4.neg(vr0);
      v128.store(pr + a, f32x4.add(a1r, ucr));
      v128.store(pi + a, f32x4.add(a1i, uci));
      v128.store(pr + a + 2 * hb, f32x4.sub(a1r, ucr));
      v128.store(pi + a + 2 * hb, f32x4.sub(a1i, uci));
      v128.store(pr + a + hb, f32x4.add(b1r, vr));
      v128.store(pi + a + hb, f32x4.add(b1i, vi));
      v128.store(pr + a + 3 * hb, f32x4.sub(b1r, vr));
      v128.store(pi + a + 3 * hb, f32x4.sub(b1i, vi));
    }
  }
}

/** Forward complex FFT (no scaling) of FFT_N >> shift points in split re/im arrays. */
export function fftComplex(re: StaticArray<f32>, im: StaticArray<f32>, shift: i32): void {
  permute(re, im, shift == 0 ? revFull : revHalf, shift == 0 ? FFT_N : HALF_N);
  fftBitReversed(re, im, shift);
}

/** Bit-reversal table for FFT_N >> shift points: fill inputs at rev[i] to skip the permutation. */
export function bitReverse(shift: i32): StaticArray<i32> {
  return shift == 0 ? revFull : revHalf;
}

/** The FFT proper, for input already stored in bit-reversed order. */
export function fftBitReversed(re: StaticArray<f32>, im: StaticArray<f32>, shift: i32): void {
  const n = FFT_N >> shift;
  firstStages(re, im, n);
  // The non-SIMD build (browsers without Wasm SIMD) runs the same stages one butterfly at a
  // time; ASC_FEATURE_SIMD is a compile-time constant, so each build holds one path only.
  if (!ASC_FEATURE_SIMD) {
    for (let size = 8; size <= n; size <<= 1) scalarStage(re, im, n, size);
    return;
  }
  let size = 8;
  for (; size * 2 <= n; size <<= 2) doubleStage(re, im, n, size >> 1);
  if (size <= n) stage(re, im, n, size);
}

/**
 * Inverse real FFT: given the half spectrum P[0..N/2] of a real N-point signal, writes
 * p[0..N) into out (scaled by 1/N so that it inverts fftComplex). Uses one N/2-point complex
 * FFT: with E[k] = (P[k] + conj P[N/2-k]) / 2 and O[k] = (P[k] - conj P[N/2-k]) e^{i2pi k/N} / 2,
 * z = IDFT(E + iO) holds the even samples in its real part and the odd ones in its imaginary.
 * workRe/workIm must hold N/2 floats each; only out[0..count) is written.
 */
export function inverseReal(
  pr: StaticArray<f32>,
  pi: StaticArray<f32>,
  workRe: StaticArray<f32>,
  workIm: StaticArray<f32>,
  out: StaticArray<f32>,
  count: i32,
): void {
  for (let k = 0; k < HALF_N; k++) {
    const m = HALF_N - k;
    const xr = unchecked(pr[k]),
      xi = unchecked(pi[k]);
    const yr = unchecked(pr[m]),
      yi = -unchecked(pi[m]);
    const er = <f32>0.5 * (xr + yr),
      ei = <f32>0.5 * (xi + yi);
    const dr = <f32>0.5 * (xr - yr),
      di = <f32>0.5 * (xi - yi);
    // w = e^{+i 2pi k / N}; k < N/2 so the table covers it.
    const wr = unchecked(cosTable[k]),
      wi = unchecked(sinTable[k]);
    const or = dr * wr - di * wi,
      oi = dr * wi + di * wr;
    // Z = E + i O; the inverse FFT is computed as conj(FFT(conj(Z))).
    const slot = unchecked(revHalf[k]);
    unchecked((workRe[slot] = er - oi));
    unchecked((workIm[slot] = -(ei + or)));
  }
  fftBitReversed(workRe, workIm, 1);
  const scale = <f32>(2.0 / <f64>FFT_N);
  // Only the first `count` outputs are needed (the lags YIN searches).
  const pairs = min<i32>(HALF_N, (count + 1) >> 1);
  for (let k = 0; k < pairs; k++) {
    unchecked((out[2 * k] = workRe[k] * scale));
    unchecked((out[2 * k + 1] = -workIm[k] * scale));
  }
}

/**
 * Forward FFT of a real N-point signal via one N/2-point complex FFT: packs z[m] = x[2m] + i x[2m+1] (zero before `from`) and runs the
 * N/2-point FFT, leaving Z in workRe/workIm for a caller that fuses the unpacking into its own loop.
 */
export function halfSizeRealFft(
  x: StaticArray<f32>,
  from: i32,
  workRe: StaticArray<f32>,
  workIm: StaticArray<f32>,
): void {
  for (let m = 0; m < HALF_N; m++) {
    const slot = unchecked(revHalf[m]);
    unchecked((workRe[slot] = 2 * m < from ? 0 : x[2 * m]));
    unchecked((workIm[slot] = 2 * m + 1 < from ? 0 : x[2 * m + 1]));
  }
  fftBitReversed(workRe, workIm, 1);
}
