/** Envelopes as gain arrays: smooth (raised-cosine) edges so notes and files never start with a click. */

function smoothStep(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return 0.5 - 0.5 * Math.cos(Math.PI * c);
}

/**
 * Attack / decay / sustain while held, then release after `hold` samples. The returned array covers
 * hold + release samples.
 */
export function adsr(hold: number, a: number, d: number, sustain: number, release: number): Float32Array {
  const out = new Float32Array(Math.max(0, hold + release));
  let last = 0;
  for (let i = 0; i < hold; i++) {
    if (i < a) last = smoothStep(i / a);
    else if (i < a + d) last = 1 - (1 - sustain) * smoothStep((i - a) / d);
    else last = sustain;
    out[i] = last;
  }
  for (let i = 0; i < release; i++) out[hold + i] = last * (1 - smoothStep(i / release));
  return out;
}

/** Fades the start and end of the whole track in place. */
export function fadeEdges(buf: Float32Array, fadeIn: number, fadeOut: number): void {
  const n = buf.length;
  for (let i = 0; i < Math.min(fadeIn, n); i++) buf[i] = (buf[i] ?? 0) * smoothStep(i / fadeIn);
  for (let i = 0; i < Math.min(fadeOut, n); i++) {
    const idx = n - 1 - i;
    buf[idx] = (buf[idx] ?? 0) * smoothStep(i / fadeOut);
  }
}
