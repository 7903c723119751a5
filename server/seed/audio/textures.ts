import { LowPass } from './filters';
import { degreeToMidi, midiToHz, noteToMidi } from './music';
import { chordAt, type BedContext } from './pad';
import { between, pick } from './prng';

/** Filtered noise swelling in slow waves, like a distant shore (calm and healing beds). */
function renderOcean(ctx: BedContext, out: Float32Array): void {
  const sr = ctx.sampleRate;
  const lp = new LowPass(sr, 500, 0.5);
  let waveStart = 0;
  let waveLen = Math.round(between(ctx.rng, 6, 11) * sr);
  // swell = sin²(πp) = (1 - cos 2πp) / 2 over each wave, with cos 2πp from a unit phasor rotated
  // once per sample (restarted exactly at every wave) instead of Math.pow(Math.sin()) per sample.
  let rc = Math.cos((2 * Math.PI) / waveLen);
  let rs = Math.sin((2 * Math.PI) / waveLen);
  let c = 1;
  let s = 0;
  for (let i = 0; i < out.length; i++) {
    if (i - waveStart >= waveLen) {
      waveStart = i;
      waveLen = Math.round(between(ctx.rng, 6, 11) * sr);
      rc = Math.cos((2 * Math.PI) / waveLen);
      rs = Math.sin((2 * Math.PI) / waveLen);
      c = 1;
      s = 0;
    }
    const swell = 0.5 - 0.5 * c;
    const next = c * rc - s * rs;
    s = s * rc + c * rs;
    c = next;
    if (i % 64 === 0) lp.set(250 + 700 * swell, 0.5);
    out[i] = (out[i] as number) + 1.2 * swell * lp.process(ctx.rng() * 2 - 1);
  }
}

/** Karplus-Strong string: a noise burst recirculating through a damped delay line. */
function addPluck(out: Float32Array, start: number, hz: number, gain: number, ctx: BedContext): void {
  const sr = ctx.sampleRate;
  const period = Math.max(2, Math.round(sr / hz));
  const line = new Float32Array(period);
  let soft = 0;
  for (let i = 0; i < period; i++) {
    soft = 0.5 * soft + 0.5 * (ctx.rng() * 2 - 1); // softened burst: a felt pick, not a wire
    line[i] = soft;
  }
  const len = Math.min(Math.round(2.2 * sr), out.length - start);
  let prev = 0;
  for (let i = 0, j = 0; i < len; i++) {
    const y = line[j] as number;
    line[j] = 0.996 * 0.5 * (y + prev);
    prev = y;
    if (++j === period) j = 0;
    const attack = i < 64 ? i / 64 : 1;
    out[start + i] = (out[start + i] as number) + gain * attack * y;
  }
}

/** Gentle eighth-note plucks on the current chord's tones: movement for energised or playful beds. */
function renderPlucks(ctx: BedContext, out: Float32Array): void {
  const step = 30 / ctx.recipe.tempo;
  for (let t = 0; t < out.length / ctx.sampleRate - 2.5; t += step) {
    if (ctx.rng() > 0.55) continue;
    const midi = pick(ctx.rng, chordAt(ctx.recipe, t)) + pick(ctx.rng, [12, 24]);
    addPluck(out, Math.round(t * ctx.sampleRate), midiToHz(midi), 1.4, ctx);
  }
}

const BELL_PARTIALS = [
  [1, 1, 5],
  [2, 0.4, 3],
  [2.76, 0.25, 2],
  [5.4, 0.08, 0.8],
] as const;

/** Sparse, soft bell tones from the pentatonic notes of the scale, two octaves up. */
function renderBells(ctx: BedContext, out: Float32Array): void {
  const sr = ctx.sampleRate;
  const tonic = noteToMidi(ctx.recipe.root) + 24;
  for (let t = between(ctx.rng, 1, 4); t < out.length / sr - 6; t += between(ctx.rng, 2.5, 6)) {
    const hz = midiToHz(degreeToMidi(tonic, ctx.recipe.scale, pick(ctx.rng, [0, 1, 2, 4, 5])));
    const start = Math.round(t * sr);
    for (const [ratio, amp, decay] of BELL_PARTIALS) {
      if (hz * ratio > sr * 0.45) continue;
      // Rotating-phasor recurrence: a sine without calling Math.sin per sample.
      const w = (2 * Math.PI * hz * ratio) / sr;
      const k = 2 * Math.cos(w);
      let y1 = 0;
      let y2 = -Math.sin(w);
      const fall = Math.exp(-1 / (decay * sr));
      let env = 0.2 * amp;
      const len = Math.min(Math.round(decay * 5 * sr), out.length - start);
      // The 80-sample attack ramp gets its own loop so the long decay runs without it.
      const ramp = Math.min(len, 80);
      for (let i = 0; i < ramp; i++) {
        const y = k * y1 - y2;
        y2 = y1;
        y1 = y;
        out[start + i] = (out[start + i] as number) + env * (i / 80) * y;
        env *= fall;
      }
      for (let i = ramp; i < len; i++) {
        const y = k * y1 - y2;
        y2 = y1;
        y1 = y;
        out[start + i] = (out[start + i] as number) + env * y;
        env *= fall;
      }
    }
  }
}

export function renderTexture(ctx: BedContext): Float32Array {
  const out = new Float32Array(ctx.length);
  const kind = ctx.recipe.texture;
  if (kind === 'ocean') renderOcean(ctx, out);
  else if (kind === 'plucks') renderPlucks(ctx, out);
  else if (kind === 'bells') renderBells(ctx, out);
  return out;
}
