/** Small stateful filters; all coefficients are recomputed by the caller when parameters move. */

/** Trapezoidal (Cytomic) state-variable low-pass: stays stable while its cutoff is modulated. */
export class LowPass {
  private ic1 = 0;
  private ic2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;

  constructor(
    private readonly sampleRate: number,
    cutoff: number,
    q = 0.707,
  ) {
    this.set(cutoff, q);
  }

  set(cutoff: number, q = 0.707): void {
    const fc = Math.min(cutoff, this.sampleRate * 0.45);
    const g = Math.tan((Math.PI * fc) / this.sampleRate);
    this.a1 = 1 / (1 + g * (g + 1 / q));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  process(x: number): number {
    const v3 = x - this.ic2;
    const v1 = this.a1 * this.ic1 + this.a2 * v3;
    const v2 = this.ic2 + this.a2 * this.ic1 + this.a3 * v3;
    this.ic1 = 2 * v1 - this.ic1;
    this.ic2 = 2 * v2 - this.ic2;
    return v2;
  }

  /** process() over buf[from..to) in place, the state held in locals (the same arithmetic). */
  run(buf: Float32Array, from: number, to: number): void {
    const { a1, a2, a3 } = this;
    let { ic1, ic2 } = this;
    for (let i = from; i < to; i++) {
      const v3 = (buf[i] as number) - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      buf[i] = v2;
    }
    this.ic1 = ic1;
    this.ic2 = ic2;
  }
}

/** One-pole smoother / gentle low-pass. */
export class OnePole {
  private y = 0;
  private readonly a: number;

  constructor(sampleRate: number, cutoff: number) {
    this.a = Math.exp((-2 * Math.PI * cutoff) / sampleRate);
  }

  process(x: number): number {
    this.y = x + this.a * (this.y - x);
    return this.y;
  }
}

/**
 * Klatt formant resonator: unity gain at DC, so a cascade of them shapes a vowel while keeping the
 * natural relative formant levels (no per-vowel level tables needed).
 */
export class Resonator {
  /** Coefficients and state are public so that a hot loop can hold a cascade in local variables. */
  y1 = 0;
  y2 = 0;
  a = 1;
  b = 0;
  c = 0;
  private bandwidth = NaN;
  private freq = NaN;
  private poleRadius = 0;

  constructor(private readonly sampleRate: number) {}

  /** Retuning is cheap when only the frequency moves (the bandwidth's exponentials are kept). */
  set(freq: number, bandwidth: number): void {
    const t = 1 / this.sampleRate;
    if (bandwidth !== this.bandwidth) {
      this.bandwidth = bandwidth;
      this.freq = NaN;
      this.c = -Math.exp(-2 * Math.PI * bandwidth * t);
      this.poleRadius = 2 * Math.exp(-Math.PI * bandwidth * t);
    }
    if (freq === this.freq) return;
    this.freq = freq;
    this.b = this.poleRadius * Math.cos(2 * Math.PI * freq * t);
    this.a = 1 - this.b - this.c;
  }

  process(x: number): number {
    const y = this.a * x + this.b * this.y1 + this.c * this.y2;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Removes DC in place (one-pole high-pass at ~15 Hz); synthesised pulses carry a DC offset. */
export function removeDc(buf: Float32Array, sampleRate: number): void {
  const r = Math.exp((-2 * Math.PI * 15) / sampleRate);
  let x1 = 0;
  let y1 = 0;
  for (let i = 0; i < buf.length; i++) {
    const x = buf[i] ?? 0;
    const y = x - x1 + r * y1;
    x1 = x;
    y1 = y;
    buf[i] = y;
  }
}
