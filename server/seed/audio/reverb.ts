/**
 * Mono Schroeder/Freeverb-style reverb: parallel damped combs into series allpasses. A long, dark
 * tail is what turns dry oscillators into a calm "room"; damping keeps the tail from sounding metallic.
 */
const COMBS_44K = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
const ALLPASS_44K = [556, 441, 341, 225];

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

/** Returns a new buffer with dry * x + wet * reverb(x). */
export function reverb(input: Float32Array, o: ReverbOptions): Float32Array {
  const combs = scaled(COMBS_44K, o.sampleRate, 1.25);
  const allpasses = scaled(ALLPASS_44K, o.sampleRate, 1.25);
  const combIdx = new Int32Array(combs.length);
  const combLp = new Float64Array(combs.length);
  const apIdx = new Int32Array(allpasses.length);
  const feedback = 0.7 + 0.28 * o.size;
  const damp = 0.1 + 0.5 * o.damping;
  const wetGain = o.wet * 0.12;
  const out = new Float32Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0;
    let acc = 0;
    for (let c = 0; c < combs.length; c++) {
      const line = combs[c] as Float32Array;
      const j = combIdx[c] ?? 0;
      const y = line[j] ?? 0;
      const lp = y * (1 - damp) + (combLp[c] ?? 0) * damp;
      combLp[c] = lp;
      line[j] = x + lp * feedback;
      combIdx[c] = j + 1 === line.length ? 0 : j + 1;
      acc += y;
    }
    for (let a = 0; a < allpasses.length; a++) {
      const line = allpasses[a] as Float32Array;
      const j = apIdx[a] ?? 0;
      const b = line[j] ?? 0;
      line[j] = acc + b * 0.5;
      apIdx[a] = j + 1 === line.length ? 0 : j + 1;
      acc = b - acc;
    }
    out[i] = o.dry * x + wetGain * acc;
  }
  return out;
}
