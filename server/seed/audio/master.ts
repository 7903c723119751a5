import { fadeEdges } from './envelope';
import { removeDc } from './filters';
import type { Rng } from './prng';

/** Target loudness (RMS) of every track, so the catalogue plays at a similar level throughout. */
export const TARGET_RMS = 0.1; // -20 dBFS
/** Peak ceiling: -1 dBFS leaves headroom for the MP3 encoder's overshoot. */
export const PEAK_CEILING = 0.891;

export function rms(buf: Float32Array, from = 0, to = buf.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += (buf[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

export function peak(buf: Float32Array): number {
  let p = 0;
  for (let i = 0; i < buf.length; i++) p = Math.max(p, Math.abs(buf[i] ?? 0));
  return p;
}

/** In place: DC removal, gentle fades at both ends, then loudness normalisation under the peak ceiling. */
export function master(buf: Float32Array, sampleRate: number): void {
  removeDc(buf, sampleRate);
  fadeEdges(buf, Math.round(3 * sampleRate), Math.round(6 * sampleRate));
  const level = rms(buf);
  const top = peak(buf);
  if (level === 0 || top === 0) return;
  const gain = Math.min(TARGET_RMS / level, PEAK_CEILING / top);
  for (let i = 0; i < buf.length; i++) buf[i] = (buf[i] ?? 0) * gain;
}

/** Float to 16-bit PCM with seeded TPDF dither (avoids quantisation buzz in the quiet fade tails). */
export function toInt16(buf: Float32Array, rng: Rng): Int16Array {
  const out = new Int16Array(buf.length);
  for (let i = 0; i < buf.length; i++) {
    const dither = rng() - rng();
    const v = Math.round((buf[i] ?? 0) * 32767 + dither);
    out[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}
