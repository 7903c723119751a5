import { MPEGDecoder } from 'mpg123-decoder';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue';
import { catalogueGuidance } from '../catalogue-scripts';
import { SAMPLE_RATE } from './config';
import { catalogueJobs } from './jobs';
import { parseMp3 } from './mp3-info';
import { renderJob, type RenderedFile } from './render-job';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';

/**
 * Energy (mean square) in the speech band 1.5-4 kHz (consonants, upper formants), where the
 * bed has little: a constant-peak RBJ band-pass at 2.45 kHz, Q 1.
 */
function speechBand(pcm: Float32Array, from: number, to: number): number {
  const w = (2 * Math.PI * 2450) / SAMPLE_RATE;
  const alpha = Math.sin(w) / 2;
  const [b0, b2, a0, a1, a2] = [alpha, -alpha, 1 + alpha, -2 * Math.cos(w), 1 - alpha];
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  const a = Math.max(0, Math.round(from * SAMPLE_RATE));
  const b = Math.min(pcm.length, Math.round(to * SAMPLE_RATE));
  let sum = 0;
  for (let i = a; i < b; i++) {
    const x = pcm[i] ?? 0;
    const y = (b0 * x + b2 * x2 - a1 * y1 - a2 * y2) / a0;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    sum += y * y;
  }
  return sum / Math.max(1, b - a);
}

async function decode(bytes: Uint8Array): Promise<Float32Array> {
  const d = new MPEGDecoder();
  await d.ready;
  try {
    return Float32Array.from(d.decode(bytes).channelData[0] ?? []);
  } finally {
    d.free();
  }
}

describe('a real full-length guided session', () => {
  // The shortest guided session, rendered exactly as the server does at first start (one job,
  // both files). Tens of seconds on a busy 2-core machine: the one full render in the tests.
  it(
    'lasts length_sec, and carries the spoken cues at their planned times over the bed',
    async () => {
      const catalogue = loadCatalogue();
      const session = catalogue.sessions.find((s) => s.id === 11)!;
      const [job] = catalogueJobs({ ...catalogue, sessions: [session] }, catalogueGuidance());
      const progress: number[] = [];
      const files: RenderedFile[] = [...(await renderJob(job!, (f) => progress.push(f)))];
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));

      const voice = files.find((f) => f.variant === 'voice')!;
      const instr = files.find((f) => f.variant === 'instrumental')!;
      for (const f of [voice, instr]) {
        const info = parseMp3(f.bytes);
        expect(info).toMatchObject({ sampleRate: SAMPLE_RATE, channels: 1 });
        expect(Math.abs(info.durationSec - session.length_sec)).toBeLessThan(1);
      }
      const [v, i] = await Promise.all([decode(voice.bytes), decode(instr.bytes)]);
      expect(Math.abs(v.length / SAMPLE_RATE - session.length_sec)).toBeLessThan(1);

      // At every intro, instruction and closing the voice file has speech energy well above its
      // own bed: the bed alone is measured in the 1.5 s pause after the intro (ramps left out).
      const g = job!.guidance!;
      const { planGuidance } = await import('./guidance');
      const plan = planGuidance(g.script, session.length_sec, (c) => g.clipSamples[c]! / SAMPLE_RATE);
      const spoken = plan.cues.filter((c) => c.kind !== 'count');
      expect(spoken.length).toBeGreaterThanOrEqual(4);
      const intro = plan.cues[0]!;
      const bedOnly = speechBand(v, intro.at + intro.dur + 0.4, intro.at + intro.dur + 1.1);
      for (const cue of spoken) {
        const db = 10 * Math.log10(speechBand(v, cue.at, cue.at + cue.dur) / bedOnly);
        expect(db, `${cue.clip} at ${cue.at.toFixed(1)} s`).toBeGreaterThan(10);
        // The instrumental has no words there: its band stays near its own bed level.
        const instrDb = 10 * Math.log10(speechBand(i, cue.at, cue.at + cue.dur) / speechBand(i, 20, 30));
        expect(Math.abs(instrDb)).toBeLessThan(6);
      }
    },
    scaledTimeout(240_000),
  );
});
