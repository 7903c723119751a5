import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { AudioContext, registrar } from 'standardized-audio-context-mock';
import { afterEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { emptyFrame } from '../../dsp/loader';
import type { VoiceAnalyserControl } from '../../dsp/worklet-protocol';
import {
  AnalyserStartError,
  startVoiceAnalyser,
  type AudioGraphFactory,
  type ContextLike,
  type WorkletNodeLike,
} from './voiceAnalyserNode';

const contexts: AudioContext[] = [];
afterEach(() => contexts.splice(0).forEach((context) => registrar.reset(context)));

const module = new WebAssembly.Module(
  // The smallest valid module: the wrapper only passes it through.
  Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
);

/** `silent`: the processor never sends a frame (a context that never renders). */
function mockGraph({ silent = false } = {}) {
  const channel = new MessageChannel();
  const created: {
    context?: AudioContext;
    options?: AudioWorkletNodeOptions;
    name?: string;
    connect?: MockInstance;
  } = {};
  const addModule = vi.fn(async () => undefined);
  const node: WorkletNodeLike = {
    port: channel.port1 as unknown as MessagePort,
    onprocessorerror: null,
    disconnect: vi.fn(),
  };
  const graph: AudioGraphFactory = {
    createContext: (options) => {
      const context = new AudioContext(options);
      Object.defineProperty(context, 'audioWorklet', { value: { addModule } });
      const createSource = context.createMediaStreamSource.bind(context);
      context.createMediaStreamSource = (mediaStream: MediaStream) => {
        const source = createSource(mediaStream);
        created.connect = vi.spyOn(source, 'connect');
        return source;
      };
      created.context = context;
      contexts.push(context);
      return context as unknown as ContextLike;
    },
    createWorkletNode: (_context, name, options) => {
      created.name = name;
      created.options = options;
      // What a running processor does first: its first frame, after one hop of audio.
      if (!silent) channel.port2.postMessage({ type: 'voice-frame', frame: emptyFrame() });
      return node;
    },
  };
  return { graph, node, peer: channel.port2, created, addModule };
}

const stream = {} as MediaStream;

describe('startVoiceAnalyser', () => {
  it('loads the worklet, then creates a mono explicit node with the compiled module and connects the stream', async () => {
    const { graph, created, addModule } = mockGraph();
    const handle = await startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
      hop: 512,
    });
    expect(addModule).toHaveBeenCalledWith('/w.js');
    expect(created.name).toBe('voice-analyser');
    expect(created.options).toMatchObject({
      channelCount: 1,
      channelCountMode: 'explicit',
      numberOfOutputs: 0,
    });
    expect(created.options?.processorOptions).toEqual({ module, hop: 512 });
    const context = created.context;
    if (!context) throw new Error('no context');
    expect(registrar.getAudioNodes(context, 'MediaStreamAudioSourceNode')).toHaveLength(1);
    expect(created.connect).toHaveBeenCalledTimes(1);
    await handle.close();
    expect(context.state).toBe('closed');
  });

  it("hands the member's pitch range to the processor in processorOptions", async () => {
    const { graph, created } = mockGraph();
    const pitchRange = { floorHz: 72, ceilingHz: 880 };
    const handle = await startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
      pitchRange,
    });
    expect(created.options?.processorOptions).toEqual({ module, pitchRange });
    await handle.close();
  });

  it('pins the context sample rate when asked', async () => {
    const { graph } = mockGraph();
    const handle = await startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
      sampleRate: 48000,
    });
    expect(handle.sampleRate).toBe(48000);
  });

  it('delivers frames and error messages from the port, and processor errors', async () => {
    const { graph, peer, node } = mockGraph();
    const onFrame = vi.fn();
    const onError = vi.fn();
    await startVoiceAnalyser({ stream, module, workletUrl: '/w.js', onFrame, onError, graph });
    const frame = { ...emptyFrame(), t: 1.5, f0: 220 };
    peer.postMessage({ type: 'voice-frame', frame });
    peer.postMessage({ type: 'voice-error', message: 'boom' });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('boom'));
    expect(onFrame).toHaveBeenCalledWith(frame);
    node.onprocessorerror?.(new Event('processorerror'));
    expect(onError).toHaveBeenLastCalledWith('The voice analyser stopped unexpectedly.');
    peer.close();
  });

  it('controls the processor through Comlink on the node port', async () => {
    const { graph, peer } = mockGraph();
    const api: VoiceAnalyserControl = {
      start: vi.fn(),
      stop: vi.fn(),
      reset: vi.fn(),
      configure: vi.fn(() => ({ sampleRate: 44100, hop: 256, pitchRange: { floorHz: 50, ceilingHz: 1500 } })),
      setPitchRange: vi.fn((range) => ({
        sampleRate: 44100,
        hop: 256,
        pitchRange: range ?? { floorHz: 50, ceilingHz: 1500 },
      })),
    };
    Comlink.expose(api, peer as unknown as Comlink.Endpoint);
    const handle = await startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
    });
    await handle.control.stop();
    expect(api.stop).toHaveBeenCalled();
    expect(await handle.control.configure({ hop: 256 })).toMatchObject({ sampleRate: 44100, hop: 256 });
    const range = { floorHz: 60, ceilingHz: 900 };
    expect((await handle.control.setPitchRange(range)).pitchRange).toEqual(range);
    expect(api.setPitchRange).toHaveBeenCalledWith(range);
    peer.close();
  });

  it('closes the context when the worklet module fails to load', async () => {
    const { graph, addModule, created } = mockGraph();
    addModule.mockRejectedValueOnce(new Error('404'));
    await expect(
      startVoiceAnalyser({ stream, module, workletUrl: '/w.js', onFrame: () => {}, graph }),
    ).rejects.toThrow('404');
    expect(created.context?.state).toBe('closed');
  });

  it('resumes a context that starts suspended', async () => {
    const { graph, created } = mockGraph();
    await startVoiceAnalyser({ stream, module, workletUrl: '/w.js', onFrame: () => {}, graph });
    expect(created.context?.state).toBe('running');
  });

  it('fails the start, naming the state, when the context never starts rendering', async () => {
    const { graph, created, node } = mockGraph({ silent: true });
    const createContext = graph.createContext;
    graph.createContext = (options) => {
      const context = createContext(options);
      // Firefox without a sound output: resume() never settles and the state stays 'suspended'.
      context.resume = () => new Promise<void>(() => {});
      return context;
    };
    const start = startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
      startTimeoutMs: 50,
    });
    await expect(start).rejects.toThrow("the audio context stayed 'suspended' for 50 ms");
    await expect(start).rejects.toMatchObject({ name: 'AnalyserStartError', suspended: true });
    expect(node.disconnect).toHaveBeenCalled();
    expect(created.context?.state).toBe('closed');
  });

  it('fails the start when a running context never pulls the node', async () => {
    const { graph } = mockGraph({ silent: true });
    const start = startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      graph,
      startTimeoutMs: 50,
    });
    await expect(start).rejects.toThrow('no audio frames within 50 ms');
    await expect(start).rejects.toMatchObject({ suspended: false });
  });

  it('fails the start with the processor’s own message when the Wasm cannot be instantiated', async () => {
    const { graph, peer } = mockGraph({ silent: true });
    const onError = vi.fn();
    const start = startVoiceAnalyser({
      stream,
      module,
      workletUrl: '/w.js',
      onFrame: () => {},
      onError,
      graph,
    });
    peer.postMessage({ type: 'voice-error', message: 'voice-analyser could not start: bad module' });
    await expect(start).rejects.toThrow(new AnalyserStartError('voice-analyser could not start: bad module'));
    expect(onError).not.toHaveBeenCalled();
  });

  it('fails the start when the processor throws before its first frame', async () => {
    const { graph, node } = mockGraph({ silent: true });
    const start = startVoiceAnalyser({ stream, module, workletUrl: '/w.js', onFrame: () => {}, graph });
    await vi.waitFor(() => expect(node.onprocessorerror).toBeTypeOf('function'));
    node.onprocessorerror?.(new Event('processorerror'));
    await expect(start).rejects.toThrow('The voice analyser stopped unexpectedly.');
  });
});
