// Speed rows of `npm run bench`: milliseconds per analysed 10 ms frame for our engine (every
// feature on, streamed as the worklet streams) and pitchy (one McLeod window per frame), on the
// corpora as they are and on their voiced stretches only. The machine is shared, so each of
// `rounds` runs times both engines back to back and the medians are reported. Time is the
// process's CPU time (user + system), not the wall clock: on a loaded machine the wall clock
// also counts the time other processes held the core.
import { PitchDetector } from 'pitchy';
import { createVoiceAnalyser } from '../../dsp/loader';
import type { CorpusItem } from '../../dsp/eval/corpora';
import { median } from '../../dsp/eval/truth';

interface Input {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * The item's truth-voiced stretches (runs of 10 ms frames whose 70 ms window is all voice,
 * at least 0.2 s long) joined end to end: material where every frame is voice.
 */
export function voicedOnly(item: CorpusItem): Input {
  const step = 0.01;
  const parts: Float32Array[] = [];
  const duration = item.samples.length / item.sampleRate;
  let runStart = -1;
  for (let t = 0; t <= duration + step; t += step) {
    const voiced = t <= duration && (item.truth(t, 0.035) ?? 0) > 0;
    if (voiced && runStart < 0) runStart = t;
    if (!voiced && runStart >= 0) {
      if (t - runStart >= 0.2) {
        const from = Math.round(runStart * item.sampleRate);
        const to = Math.round(t * item.sampleRate);
        parts.push(item.samples.subarray(from, to));
      }
      runStart = -1;
    }
  }
  const total = parts.reduce((n, p) => n + p.length, 0);
  const samples = new Float32Array(total);
  let at = 0;
  for (const p of parts) {
    samples.set(p, at);
    at += p.length;
  }
  return { samples, sampleRate: item.sampleRate };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

interface Timing {
  ms: number;
  frames: number;
  voiced: number;
}

function timeOurs(module: WebAssembly.Module, inputs: Input[]): Timing {
  let frames = 0;
  let voiced = 0;
  const analysers = inputs.map((i) => createVoiceAnalyser(module, { sampleRate: i.sampleRate }));
  const t0 = cpuMs();
  inputs.forEach((input, k) =>
    analysers[k]?.process(input.samples, (f) => {
      frames++;
      if (f.f0 !== null) voiced++;
    }),
  );
  return { ms: cpuMs() - t0, frames, voiced };
}

function timePitchy(inputs: Input[], low: number, high: number): Timing {
  let frames = 0;
  let voiced = 0;
  const t0 = cpuMs();
  for (const { samples, sampleRate } of inputs) {
    const n = sampleRate <= 24000 ? 2048 : 4096;
    const detector = PitchDetector.forFloat32Array(n);
    const hop = Math.round(sampleRate / 100);
    for (let start = 0; start + n <= samples.length; start += hop) {
      const [pitch, clarity] = detector.findPitch(samples.subarray(start, start + n), sampleRate);
      frames++;
      if (clarity >= 0.9 && pitch >= low && pitch <= high) voiced++;
    }
  }
  return { ms: cpuMs() - t0, frames, voiced };
}

/** Table rows (markdown) for all frames and voiced frames, medians over `rounds` runs. */
export function speedTable(
  module: WebAssembly.Module,
  items: CorpusItem[],
  rounds: number,
  low: number,
  high: number,
): string[] {
  const sets: [string, Input[]][] = [
    ['all frames', items],
    ['voiced frames only', items.map(voicedOnly)],
  ];
  const rows: string[] = [];
  for (const [label, inputs] of sets) {
    timeOurs(module, inputs); // warm-up (JIT, Wasm tier-up)
    timePitchy(inputs, low, high);
    const ours: number[] = [];
    const theirs: number[] = [];
    const ratios: number[] = [];
    let share = 0;
    for (let r = 0; r < Math.max(1, rounds); r++) {
      const a = timeOurs(module, inputs);
      const b = timePitchy(inputs, low, high);
      ours.push(a.ms / a.frames);
      theirs.push(b.ms / b.frames);
      ratios.push(b.ms / b.frames / (a.ms / a.frames));
      share = a.voiced / a.frames;
    }
    rows.push(
      `| ms per frame, ${label} (every feature on; ours voiced ${(share * 100).toFixed(0)} %) | ` +
        `${median(ours).toFixed(4)} | ${median(theirs).toFixed(4)} | ${median(ratios).toFixed(1)}x faster |`,
    );
  }
  return rows;
}
