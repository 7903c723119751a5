import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { isRecorderMessage, RECORDER_CHUNK, type RecorderMessage } from '../dsp/recorder-protocol';

// A minimal AudioWorkletGlobalScope, as in voice-analyser.worklet.test.ts.
interface TestProcessor {
  port: MessagePort;
  peer: MessagePort;
  process(inputs: Float32Array[][]): boolean;
}
let Recorder: new (options: AudioWorkletNodeOptions) => TestProcessor;

beforeAll(async () => {
  const g = globalThis as Record<string, unknown>;
  g.sampleRate = 48000;
  g.registerProcessor = (_name: string, ctor: typeof Recorder) => (Recorder = ctor);
  g.AudioWorkletProcessor = class {
    port: MessagePort;
    peer: MessagePort;
    constructor() {
      const channel = new MessageChannel();
      this.port = channel.port1;
      this.peer = channel.port2;
    }
  };
  await import('./sample-recorder.worklet');
});

describe('the sample recorder worklet', () => {
  it('hands over every sample, downmixed to mono, in chunks with their level', async () => {
    const recorder = new Recorder({});
    const got: RecorderMessage[] = [];
    recorder.peer.on('message', (m: unknown) => isRecorderMessage(m) && got.push(m));
    // 20 quanta of stereo: left 0.5, right -0.1 → mono 0.2; one left sample of 2.1 → mono 1.0.
    for (let q = 0; q < 20; q++) {
      const left = new Float32Array(128).fill(0.5);
      if (q === 3) left[7] = 2.1;
      recorder.process([[left, new Float32Array(128).fill(-0.1)]]);
    }
    await new Promise((r) => setTimeout(r, 20));
    recorder.peer.close();
    // 2560 samples: one full chunk sent, the rest waits for the next.
    expect(got).toHaveLength(1);
    expect(got[0]!.samples).toHaveLength(RECORDER_CHUNK);
    expect(got[0]!.samples[0]).toBeCloseTo(0.2, 6);
    expect(got[0]!.peak).toBeCloseTo(1, 6);
    expect(got[0]!.rms).toBeCloseTo(Math.sqrt((0.04 * (RECORDER_CHUNK - 1) + 1) / RECORDER_CHUNK), 4);
  });
});
