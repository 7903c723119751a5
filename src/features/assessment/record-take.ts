// One take of the guided check: the microphone (speech-call processing off, as for the live
// analyser), the 'sample-recorder' worklet, a level for the meter, and the step's own end.
// The samples stay in this tab: they go to the on-device Worker and are then dropped.
import { recorderWorkletUrl } from '../../audio/assets';
import { openMicrophone } from '../../audio/microphone';
import { startSampleRecorder } from '../../audio/sampleRecorderNode';
import { contextSampleRate } from '../tuning/engine';
import { createAutoStop } from './auto-stop';
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
  kind: TakeKind;
  onLevel(level: Level): void;
  /** Seconds recorded so far, for the step's clock. */
  onSeconds?(seconds: number): void;
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

export const recordTake: RecordTake = async ({ kind, onLevel, onSeconds }) => {
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
    await ended;
    await recorder.close();
  } finally {
    mic.stop();
  }
  onLevel({ rms: 0, peak: 0 });
  return { samples: join(chunks), rate };
};
