// Messages of the 'sample-recorder' AudioWorkletProcessor (worklets/sample-recorder.worklet.ts)
// to its main-thread wrapper (src/audio/sampleRecorderNode.ts).

export const SAMPLE_RECORDER_NAME = 'sample-recorder';

/** Samples per chunk: about 43 ms at 48 kHz, so the level meter moves smoothly. */
export const RECORDER_CHUNK = 2048;

export interface RecorderMessage {
  type: 'recorder-chunk';
  /** Mono samples, -1..1. */
  samples: Float32Array;
  /** Largest absolute sample of the chunk. */
  peak: number;
  /** Root mean square of the chunk. */
  rms: number;
}

export function isRecorderMessage(data: unknown): data is RecorderMessage {
  return (data as { type?: unknown } | null)?.type === 'recorder-chunk';
}
