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

/**
 * The chorus's phase increments, one per block: hz * 2^(cents / 1200) with cents following a slow
 * sine. Calling Math.sin and Math.pow for every block of every pad voice took as long as the
 * oscillators themselves, so the LFO is a unit phasor rotated by one block's angle (exact start,
 * rounding drift ~1e-13 over the longest track), and 2^x, with |x| at most a few cents, is its
 * Taylor series (the fifth term is below 1e-15): the same pitches to double precision.
 */
class ChorusLfo {
  private s: number;
  private c: number;
  private readonly rs: number;
  private readonly rc: number;
  private readonly base: number;
  private readonly depth: number;

  constructor(hz: number, sampleRate: number, chorus: Chorus, startSec: number) {
    const start = chorus.phase + 2 * Math.PI * chorus.rate * startSec;
    const step = (2 * Math.PI * chorus.rate * BLOCK) / sampleRate;
    this.s = Math.sin(start);
    this.c = Math.cos(start);
    this.rs = Math.sin(step);
    this.rc = Math.cos(step);
    this.base = hz / sampleRate;
    this.depth = (chorus.depthCents * Math.LN2) / 1200;
  }

  /** The increment for the current block, then advances one block. */
  next(): number {
    const y = this.depth * this.s;
    const inc = this.base * (1 + y * (1 + y * (0.5 + y * (1 / 6 + y / 24))));
    const s = this.s * this.rc + this.c * this.rs;
    this.c = this.c * this.rc - this.s * this.rs;
    this.s = s;
    return inc;
  }
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
  const lfo = new ChorusLfo(hz, sampleRate, chorus, start / sampleRate);
  for (let b = 0; b < n; b += BLOCK) {
    const inc = lfo.next();
    const end = Math.min(n, b + BLOCK);
    // Two specialised loops (no per-sample branch on the timbre); indices are in range by construction.
    if (table === null) {
      for (let i = b; i < end; i++) {
        phase += inc;
        if (phase >= 1) phase -= 1;
        const s = 2 * phase - 1 - polyBlep(phase, inc);
        out[start + i] = (out[start + i] as number) + (gains[i] as number) * s;
      }
    } else {
      for (let i = b; i < end; i++) {
        phase += inc;
        if (phase >= 1) phase -= 1;
        const x = phase * TABLE_SIZE;
        const k = x | 0;
        const a = table[k] as number;
        const s = a + ((table[k + 1] as number) - a) * (x - k);
        out[start + i] = (out[start + i] as number) + (gains[i] as number) * s;
      }
    }
  }
}
