/**
 * Mono Schroeder/Freeverb-style reverb: parallel damped combs into series allpasses. A long, dark
 * tail is what turns dry oscillators into a calm "room"; damping keeps the tail from sounding metallic.
 */
const COMBS_44K = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASS_44K = [556, 441, 341, 225];
/**
 * Samples processed per pass. Every comb only reads the dry input and its own line, and every
 * allpass only the previous stage, so each filter runs over a whole block in a tight loop of its
 * own (its state in local variables) instead of all twelve being visited sample by sample. The sums
 * are taken in the same order as a per-sample loop, so the output is bit for bit the same.
 */
const BLOCK = 2048;

export interface ReverbOptions {
  sampleRate: number;
  /** 0..1, longer tail as it grows. */
  size: number;
  /** 0..1, darker tail as it grows. */
  damping: number;
  wet: number;
  dry: number;
}

function scaled(lengths: number[], sampleRate: number, stretch: number): Float32Array[] {
  return lengths.map((n) => new Float32Array(Math.max(8, Math.round((n * stretch * sampleRate) / 44_100))));
}

/** A delay line with its write position and (for a comb) its damping filter's state. */
interface Line {
  buf: Float32Array;
  j: number;
  lp: number;
}

function lines(lengths: number[], sampleRate: number): Line[] {
  return scaled(lengths, sampleRate, 1.25).map((buf) => ({ buf, j: 0, lp: 0 }));
}

/** One damped comb over `n` samples of `input` from `from`, added into `acc`. */
function runComb(
  comb: Line,
  input: Float32Array,
  from: number,
  acc: Float64Array,
  n: number,
  damp: number,
  feedback: number,
): void {
  const line = comb.buf;
  const len = line.length;
  let j = comb.j;
  let lp = comb.lp;
  for (let i = 0; i < n; i++) {
    const y = line[j] as number;
    lp = y * (1 - damp) + lp * damp;
    line[j] = (input[from + i] as number) + lp * feedback;
    if (++j === len) j = 0;
    acc[i] = (acc[i] as number) + y;
  }
  comb.j = j;
  comb.lp = lp;
}

/** One allpass over the first `n` samples of `acc`, in place. */
function runAllpass(allpass: Line, acc: Float64Array, n: number): void {
  const line = allpass.buf;
  const len = line.length;
  let j = allpass.j;
  for (let i = 0; i < n; i++) {
    const x = acc[i] as number;
    const b = line[j] as number;
    line[j] = x + b * 0.5;
    if (++j === len) j = 0;
    acc[i] = b - x;
  }
  allpass.j = j;
}

/** Returns a new buffer with dry * x + wet * reverb(x). */
export function reverb(input: Float32Array, o: ReverbOptions): Float32Array {
  const combs = lines(COMBS_44K, o.sampleRate);
  const allpasses = lines(ALLPASS_44K, o.sampleRate);
  const feedback = 0.7 + 0.28 * o.size;
  const damp = 0.1 + 0.5 * o.damping;
  const wetGain = o.wet * 0.12;
  const out = new Float32Array(input.length);
  const acc = new Float64Array(BLOCK);
  for (let from = 0; from < input.length; from += BLOCK) {
    const n = Math.min(BLOCK, input.length - from);
    acc.fill(0);
    for (const comb of combs) runComb(comb, input, from, acc, n, damp, feedback);
    for (const allpass of allpasses) runAllpass(allpass, acc, n);
    for (let i = 0; i < n; i++)
      out[from + i] = o.dry * (input[from + i] as number) + wetGain * (acc[i] as number);
  }
  return out;
}
