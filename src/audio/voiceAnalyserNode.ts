// Main-thread side of the voice analyser: builds the graph (context, worklet module and node
// all from one factory; mixing standardized-audio-context objects with native ones throws),
// hands the compiled Wasm module to the processor, delivers frames to a callback and exposes
// the processor's Comlink control API. It resolves only once the first frame has arrived, so
// every silent failure of the audio engine (a context the browser never starts, a node that is
// never pulled, a worklet that cannot instantiate the Wasm) becomes a rejection the recorder
// shows, instead of a "listening" screen that never hears anything.
import * as Comlink from 'comlink';
import { AudioContext, AudioWorkletNode } from 'standardized-audio-context';
import {
  PROCESSOR_NAME,
  isProcessorMessage,
  type VoiceAnalyserControl,
  type VoiceAnalyserProcessorOptions,
} from '../../dsp/worklet-protocol';
import type { PitchRange, VoiceFrame } from '../../dsp/types';

/** The parts of a standardized-audio-context (or mock) context this module uses. */
export interface ContextLike {
  readonly sampleRate: number;
  /** 'running' once the browser renders audio; Firefox without an output device stays 'suspended'. */
  readonly state?: string;
  resume?(): Promise<void>;
  readonly audioWorklet?: { addModule(url: string): Promise<void> };
  createMediaStreamSource(stream: MediaStream): { connect(node: never): unknown; disconnect(): void };
  close(): Promise<void>;
}

export interface WorkletNodeLike {
  readonly port: MessagePort;
  onprocessorerror: ((event: Event) => void) | null;
  disconnect(): void;
}

export interface AudioGraphFactory {
  createContext(options: { sampleRate?: number }): ContextLike;
  createWorkletNode(context: ContextLike, name: string, options: AudioWorkletNodeOptions): WorkletNodeLike;
}

/**
 * The browser's own classes: the default. standardized-audio-context loads a worklet by
 * fetching its source and re-evaluating it from a blob: URL, which our Content-Security-Policy
 * (script-src 'self') rightly refuses; the native classes load the same-origin module directly,
 * and AudioWorklet has been Baseline since 2021.
 */
export const nativeAudioGraph: AudioGraphFactory = {
  createContext: (options) =>
    new globalThis.AudioContext({ ...options, latencyHint: 'interactive' }) as unknown as ContextLike,
  createWorkletNode: (context, name, options) => {
    if (typeof globalThis.AudioWorkletNode !== 'function') {
      throw new Error('This browser does not support AudioWorklet.');
    }
    return new globalThis.AudioWorkletNode(
      context as unknown as BaseAudioContext,
      name,
      options,
    ) as unknown as WorkletNodeLike;
  },
};

/** standardized-audio-context's classes; its mock builds the same graph in unit tests. */
export const standardizedAudioGraph: AudioGraphFactory = {
  createContext: (options) => new AudioContext(options) as unknown as ContextLike,
  createWorkletNode: (context, name, options) => {
    if (!AudioWorkletNode) throw new Error('This browser does not support AudioWorklet.');
    const Ctor = AudioWorkletNode as unknown as new (c: unknown, n: string, o: unknown) => WorkletNodeLike;
    return new Ctor(context, name, options);
  },
};

export interface VoiceAnalyserNodeOptions {
  stream: MediaStream;
  /** Compiled once on the main thread (see compileVoiceModule). */
  module: WebAssembly.Module;
  /** URL of the bundled worklet module (see assets.ts). */
  workletUrl: string;
  onFrame(frame: VoiceFrame): void;
  onError?(message: string): void;
  hop?: number;
  /** The member's pitch range from their history (see src/domain/voice/pitch-range.ts). */
  pitchRange?: PitchRange | null;
  /** Pin the context rate (e.g. 48000 in end-to-end tests); default: the device's rate. */
  sampleRate?: number;
  graph?: AudioGraphFactory;
  /** How long the first frame may take before the start counts as failed (default 5000 ms). */
  startTimeoutMs?: number;
}

/** Why the engine did not start, in words for the log; `suspended` says the context never ran. */
export class AnalyserStartError extends Error {
  override name = 'AnalyserStartError';
  constructor(
    message: string,
    readonly suspended = false,
  ) {
    super(message);
  }
}

export const DEFAULT_START_TIMEOUT_MS = 5000;

export interface VoiceAnalyserHandle {
  readonly sampleRate: number;
  readonly control: Comlink.Remote<VoiceAnalyserControl>;
  /** Disconnects the graph and closes the context (the stream's tracks are the caller's). */
  close(): Promise<void>;
}

export function nodeOptions(
  module: WebAssembly.Module,
  hop: number | undefined,
  pitchRange?: PitchRange | null,
): AudioWorkletNodeOptions {
  const processorOptions: VoiceAnalyserProcessorOptions = {
    module,
    ...(hop ? { hop } : {}),
    ...(pitchRange ? { pitchRange } : {}),
  };
  return {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    // The fake and many real devices deliver stereo; analyse one downmixed channel.
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions,
  };
}

/**
 * Routes the port's messages. Until the first frame, an error rejects the start (`ready`);
 * after it, errors go to onError. Frames are delivered from the very first one.
 */
function listen(node: WorkletNodeLike, opts: VoiceAnalyserNodeOptions) {
  let settle: { resolve(): void; reject(e: Error): void } | null = null;
  const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  ready.catch(() => undefined); // a rejection after the start timed out has no one to tell
  const fail = (message: string) => {
    if (settle) settle.reject(new AnalyserStartError(message));
    else opts.onError?.(message);
    settle = null;
  };
  node.port.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isProcessorMessage(data)) return; // Comlink replies carry an id and no type
    if (data.type === 'voice-error') return fail(data.message);
    settle?.resolve();
    settle = null;
    opts.onFrame(data.frame);
  });
  node.port.start();
  node.onprocessorerror = () => fail('The voice analyser stopped unexpectedly.');
  return ready;
}

/** Rejects after `ms` with a message that says what state the context was left in. */
function firstFrameTimeout(context: ContextLike, ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const state = context.state ?? 'unknown';
      reject(
        state === 'running'
          ? new AnalyserStartError(`no audio frames within ${ms} ms (the node is not being pulled)`)
          : new AnalyserStartError(`the audio context stayed '${state}' for ${ms} ms`, true),
      );
    }, ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export async function startVoiceAnalyser(opts: VoiceAnalyserNodeOptions): Promise<VoiceAnalyserHandle> {
  const graph = opts.graph ?? nativeAudioGraph;
  const context = graph.createContext(opts.sampleRate ? { sampleRate: opts.sampleRate } : {});
  try {
    if (!context.audioWorklet) throw new Error('This browser does not support AudioWorklet.');
    await context.audioWorklet.addModule(opts.workletUrl);
    const node = graph.createWorkletNode(
      context,
      PROCESSOR_NAME,
      nodeOptions(opts.module, opts.hop, opts.pitchRange),
    );
    const ready = listen(node, opts);
    const source = context.createMediaStreamSource(opts.stream);
    source.connect(node as never);
    const timeout = firstFrameTimeout(context, opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS);
    // A context made after the tap's awaits may start suspended (autoplay rules); asking is
    // harmless when it already runs. A resume that never settles is caught by the timeout.
    if (context.state !== 'running') context.resume?.().catch(() => undefined);
    try {
      await Promise.race([ready, timeout.promise]);
    } catch (e) {
      source.disconnect();
      node.disconnect();
      node.port.close();
      throw e;
    } finally {
      timeout.cancel();
    }
    return {
      sampleRate: context.sampleRate,
      control: Comlink.wrap<VoiceAnalyserControl>(node.port),
      close: async () => {
        source.disconnect();
        node.disconnect();
        node.port.close();
        await context.close();
      },
    };
  } catch (e) {
    await context.close().catch(() => undefined);
    throw e;
  }
}
