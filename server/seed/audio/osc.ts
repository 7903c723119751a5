/**
 * Oscillators. A naive sawtooth aliases audibly (harsh, inharmonic whistles); polyBLEP smooths the
 * discontinuity with a two-sample polynomial residual, cheap and clean once the pad bus is low-passed.
 * Sine-partial timbres use a one-cycle wavetable because per-sample Math.sin for every partial of
 * every pad note would dominate the render time.
 */
const TABLE_SIZE = 2048;
/** The chorus LFO only moves the pitch slowly, so it is evaluated once per block. */
const BLOCK = 32;

export type Partials = readonly (readonly [ratio: number, amplitude: number])[];

export interface Chorus {
  rate: number;
  depthCents: number;
  phase: number;
}

export function polyBlep(phase: number, inc: number): number {
  if (phase < inc) {
    const t = phase / inc;
    return t + t - t * t - 1;
  }
  if (phase > 1 - inc) {
    const t = (phase - 1) / inc;
    return t * t + t + t + 1;
  }
  return 0;
}

/** One cycle of a harmonic sum (integer ratios only, so the table loops seamlessly). */
export function makeTable(partials: Partials): Float32Array {
  const table = new Float32Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let s = 0;
    for (const [ratio, amp] of partials) s += amp * Math.sin((2 * Math.PI * ratio * i) / TABLE_SIZE);
    table[i] = s;
  }
  return table;
}

function chorusIncrement(hz: number, sampleRate: number, c: Chorus, t: number): number {
  const cents = c.depthCents * Math.sin(c.phase + 2 * Math.PI * c.rate * t);
  return (hz / sampleRate) * Math.pow(2, cents / 1200);
}

/**
 * Adds an oscillator into out[start + i] scaled by gains[i]. `table` null means a polyBLEP sawtooth.
 */
export function addOsc(
  out: Float32Array,
  start: number,
  gains: Float32Array,
  hz: number,
  sampleRate: number,
  table: Float32Array | null,
  chorus: Chorus,
  startPhase = 0,
): void {
  let phase = startPhase;
  const n = Math.min(gains.length, out.length - start);
  for (let b = 0; b < n; b += BLOCK) {
    const inc = chorusIncrement(hz, sampleRate, chorus, (start + b) / sampleRate);
    const end = Math.min(n, b + BLOCK);
    for (let i = b; i < end; i++) {
      phase += inc;
      if (phase >= 1) phase -= 1;
      let s: number;
      if (table === null) s = 2 * phase - 1 - polyBlep(phase, inc);
      else {
        const x = phase * TABLE_SIZE;
        const k = x | 0;
        const a = table[k] ?? 0;
        s = a + ((table[k + 1] ?? 0) - a) * (x - k);
      }
      out[start + i] = (out[start + i] ?? 0) + (gains[i] ?? 0) * s;
    }
  }
}
