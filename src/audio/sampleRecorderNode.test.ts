import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import type { RecorderMessage } from '../../dsp/recorder-protocol';
import { startSampleRecorder } from './sampleRecorderNode';
import type { AudioGraphFactory, ContextLike, WorkletNodeLike } from './voiceAnalyserNode';

/** A graph whose worklet node's port the test can post from, as the processor would. */
function fakeGraph(state = 'running') {
  const channel = new MessageChannel();
  const close = vi.fn(async () => {});
  const context: ContextLike = {
    sampleRate: 44100,
    state,
    audioWorklet: { addModule: async () => {} },
    createMediaStreamSource: () => ({ connect: () => undefined, disconnect: () => undefined }),
    close,
  };
  const node = {
    port: channel.port1 as unknown as MessagePort,
    onprocessorerror: null,
    disconnect: () => undefined,
  } satisfies WorkletNodeLike;
  const graph: AudioGraphFactory = { createContext: () => context, createWorkletNode: () => node };
  return { graph, processor: channel.port2, close };
}
const chunk = (value: number): RecorderMessage => ({
  type: 'recorder-chunk',
  samples: new Float32Array(4).fill(value),
  peak: value,
  rms: value,
});

describe('the sample recorder node', () => {
  it('starts once the first chunk arrives and hands every chunk on', async () => {
    const { graph, processor, close } = fakeGraph();
    const chunks: RecorderMessage[] = [];
    const started = startSampleRecorder({
      stream: {} as MediaStream,
      workletUrl: 'recorder.js',
      graph,
      onChunk: (c) => chunks.push(c),
    });
    processor.postMessage(chunk(0.1));
    const handle = await started;
    expect(handle.sampleRate).toBe(44100);
    processor.postMessage(chunk(0.2));
    await vi.waitFor(() => expect(chunks.map((c) => c.peak)).toEqual([0.1, 0.2]));
    await handle.close();
    expect(close).toHaveBeenCalled();
    processor.close();
  });

  it('fails, closing its context, when no audio comes (a context that never runs)', async () => {
    const { graph, processor, close } = fakeGraph('suspended');
    await expect(
      startSampleRecorder({
        stream: {} as MediaStream,
        workletUrl: 'recorder.js',
        graph,
        onChunk: () => undefined,
        startTimeoutMs: 50,
      }),
    ).rejects.toThrow("the audio context is 'suspended'");
    expect(close).toHaveBeenCalled();
    processor.close();
  });
});
