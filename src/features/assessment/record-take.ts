// One take of the guided check: the microphone (speech-call processing off, as for the live
// analyser), the 'sample-recorder' worklet, a level for the meter, and the step's own end.
// The samples stay in this tab: they go to the on-device Worker and are then dropped.
import { recorderWorkletUrl, wasmUrl, workletUrl } from '../../audio/assets';
import { openMicrophone } from '../../audio/microphone';
import { startSampleRecorder } from '../../audio/sampleRecorderNode';
import { startVoiceAnalyser } from '../../audio/voiceAnalyserNode';
import { compileVoiceModule } from '../../audio/wasmModule';
import { contextSampleRate } from '../tuning/engine';
import type { VoiceFrame } from '../../../dsp/types';
import { createAutoStop, type StopRule } from './auto-stop';
import type { TakeKind } from './take-quality';

export interface Take {
  samples: Float32Array;
  rate: number;
}

export interface Level {
  rms: number;
  peak: number;
}

export interface RecordTakeOptions {
  /** Which step: its rule says when the take ends by itself. */
  kind: TakeKind | StopRule;
  onLevel(level: Level): void;
  /** Seconds recorded so far, for the step's clock. */
  onSeconds?(seconds: number): void;
  /** The member's own "done": the take ends now with what was recorded. */
  signal?: AbortSignal;
  /**
   * Live analysis frames (pitch and level) of the same microphone, from the tuning room's
   * analyser, for feedback while recording (the range check's live phonetogram). Feedback
   * only: when the live analyser cannot start, the take goes on without frames.
   */
  onFrame?(frame: VoiceFrame): void;
}

export type RecordTake = (options: RecordTakeOptions) => Promise<Take>;

function join(chunks: Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export const recordTake: RecordTake = async ({ kind, onLevel, onSeconds, signal, onFrame }) => {
  const mic = await openMicrophone();
  const chunks: Float32Array[] = [];
  const stop = createAutoStop(kind);
  let done: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const asked = contextSampleRate(window.location.search, mic.settings.sampleRate);
  // The context's real rate is known once the first chunk has come; until then, the one asked for.
  let rate = asked ?? 48000;
  try {
    const recorder = await startSampleRecorder({
      stream: mic.stream,
      workletUrl: recorderWorkletUrl,
      sampleRate: asked,
      onChunk: (chunk) => {
        chunks.push(chunk.samples);
        onLevel({ rms: chunk.rms, peak: chunk.peak });
        if (stop.feed(chunk.rms, chunk.samples.length / rate)) done();
        onSeconds?.(stop.elapsedSeconds);
      },
    });
    rate = recorder.sampleRate;
    mic.track.addEventListener('ended', done);
    if (signal?.aborted) done();
    signal?.addEventListener('abort', done);
    const live = onFrame ? await startLiveFrames(mic.stream, asked, onFrame) : null;
    await ended;
    await live?.close().catch(() => undefined);
    await recorder.close();
  } finally {
    mic.stop();
  }
  onLevel({ rms: 0, peak: 0 });
  return { samples: join(chunks), rate };
};

/**
 * The tuning room's live analyser on the take's own stream, started only when a step asks for
 * frames (the assessment does not). Its failure leaves the take running without feedback.
 */
async function startLiveFrames(
  stream: MediaStream,
  sampleRate: number | undefined,
  onFrame: (frame: VoiceFrame) => void,
): Promise<{ close(): Promise<void> } | null> {
  try {
    const module = await compileVoiceModule(wasmUrl);
    return await startVoiceAnalyser({ stream, module, workletUrl, sampleRate, onFrame });
  } catch (e) {
    console.warn('The live drawing could not start; the take goes on without it', e);
    return null;
  }
}
