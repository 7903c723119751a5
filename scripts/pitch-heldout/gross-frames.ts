// Lists every gross error (> 20 % off the truth on a frame both voice) of the pitch engine on
// the held-out corpora, with the frame's pitch candidates (Hz, CMNDF; * = YIN's own pick), so
// an error can be classified (octave, formant read as the period, a reverberant tail) before
// any rule is changed. Scored as dsp/eval/score.ts scores (same frames, same truth window).
//   npx tsx scripts/pitch-heldout/gross-frames.ts room 1 [2 ...]   # held-out room seeds
//   npx tsx scripts/pitch-heldout/gross-frames.ts low                # the six low-voice fixtures
//   npx tsx scripts/pitch-heldout/gross-frames.ts wav DIR            # every X.wav + X.praat-f0.tsv in DIR
// SPAN=2.1-2.3 also prints every frame in that span (s), scored or not, to see how a run began.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadVoiceModule } from '../../dsp/node';
import { FRAME_STRIDE, FrameField as F } from '../../dsp/layout';
import { decodeWav } from '../../dsp/wav';
import { loadPraatTrack } from '../../dsp/eval/praat';
import { speechItem, type CorpusItem } from '../../dsp/eval/corpora';
import { LOW_BAND, heldoutRoom, lowVoiceCorpus } from '../../dsp/eval/heldout';

interface Exports {
  memory: WebAssembly.Memory;
  init(sampleRate: number, hop: number): number;
  push(n: number): number;
  inputPtr(): number;
  framesPtr(): number;
  windowSize(): number;
  workingRate(): number;
  candidatePeriod(i: number): number;
  candidateAperiodicity(i: number): number;
  candidatePick(): number;
}

interface FrameDump {
  t: number;
  f0: number;
  candidates: string;
}

const module = await loadVoiceModule();

/** Streams the item one hop at a time, keeping each frame's candidate list. */
function dumpFrames(item: CorpusItem): { frames: FrameDump[]; half: number } {
  const wasm = new WebAssembly.Instance(module, { env: { abort: () => {} } }).exports as unknown as Exports;
  const hop = Math.round(item.sampleRate / 100);
  wasm.init(item.sampleRate, hop);
  const work = wasm.workingRate();
  const input = new Float32Array(wasm.memory.buffer, wasm.inputPtr(), hop);
  const raw = new Float32Array(wasm.memory.buffer, wasm.framesPtr(), FRAME_STRIDE);
  const frames: FrameDump[] = [];
  for (let at = 0; at + hop <= item.samples.length; at += hop) {
    input.set(item.samples.subarray(at, at + hop));
    if (wasm.push(hop) === 0) continue;
    const list: string[] = [];
    for (let i = 0; i < 5; i++) {
      const period = wasm.candidatePeriod(i);
      if (period < 0) break;
      const pick = wasm.candidatePick() === i ? '*' : '';
      list.push(`${(work / period).toFixed(1)}${pick}:${wasm.candidateAperiodicity(i).toFixed(3)}`);
    }
    frames.push({ t: raw[F.T] ?? 0, f0: raw[F.VOICED] ? (raw[F.F0] ?? 0) : 0, candidates: list.join(' ') });
  }
  return { frames, half: wasm.windowSize() / 2 / work };
}

const span = process.env.SPAN?.split('-').map(Number);

function report(items: CorpusItem[], band?: [number, number]): void {
  let hits = 0;
  let gross = 0;
  for (const item of items) {
    const { frames, half } = dumpFrames(item);
    const window = Math.max(half, 0.064);
    frames.forEach((frame, i) => {
      const truth = item.truth(frame.t, window);
      if (span && frame.t >= (span[0] ?? 0) && frame.t <= (span[1] ?? 0))
        console.log(
          `  ${item.name} t=${frame.t.toFixed(3)} truth=${truth} ours=${frame.f0.toFixed(1)} | ${frame.candidates}`,
        );
      if (!truth || frame.f0 <= 0) return;
      if (band && (truth < band[0] || truth > band[1])) return;
      hits++;
      if (Math.abs(frame.f0 / truth - 1) <= 0.2) return;
      gross++;
      const before = frames[i - 1];
      console.log(
        `${item.name} t=${frame.t.toFixed(3)} truth=${truth.toFixed(1)} ours=${frame.f0.toFixed(1)} ` +
          `(ratio ${(frame.f0 / truth).toFixed(2)}; previous frame ${before ? before.f0.toFixed(1) : '-'}) | ${frame.candidates}`,
      );
    });
  }
  console.log(`gross errors: ${gross} of ${hits} (${((100 * gross) / Math.max(1, hits)).toFixed(2)} %)`);
}

function wavDir(dir: string): CorpusItem[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.wav'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.wav$/, '');
      const wav = decodeWav(readFileSync(resolve(dir, file)));
      const track = loadPraatTrack(name, dir);
      return speechItem(name, { samples: wav.samples, sampleRate: wav.sampleRate, track }, wav.samples);
    });
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === 'room') report(rest.map(Number).flatMap((seed) => heldoutRoom(seed)));
else if (mode === 'low') report(lowVoiceCorpus(), LOW_BAND);
else if (mode === 'wav' && rest[0]) report(wavDir(resolve(rest[0])), LOW_BAND);
else {
  console.error('usage: gross-frames.ts room SEED... | low | wav DIR');
  process.exit(1);
}
