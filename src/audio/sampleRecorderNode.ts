// Main-thread side of the 'sample-recorder' worklet (the voice assessment's recorder): builds
// context, source and node with the same factory as the live analyser, and resolves once the
// first chunk has arrived, so a context that never runs is a rejection the check shows, not a
// "Recording…" that hears nothing.
import { isRecorderMessage, SAMPLE_RECORDER_NAME, type RecorderMessage } from '../../dsp/recorder-protocol';
import {
  AnalyserStartError,
  DEFAULT_START_TIMEOUT_MS,
  nativeAudioGraph,
  type AudioGraphFactory,
} from './voiceAnalyserNode';

export interface SampleRecorderOptions {
  stream: MediaStream;
  /** URL of the bundled worklet module (see assets.ts). */
  workletUrl: string;
  onChunk(chunk: RecorderMessage): void;
  /** Pin the context rate (end-to-end tests); default: the device's rate. */
  sampleRate?: number;
  graph?: AudioGraphFactory;
  startTimeoutMs?: number;
}

export interface SampleRecorderHandle {
  readonly sampleRate: number;
  /** Disconnects the graph and closes the context (the stream's tracks are the caller's). */
  close(): Promise<void>;
}

export async function startSampleRecorder(opts: SampleRecorderOptions): Promise<SampleRecorderHandle> {
  const graph = opts.graph ?? nativeAudioGraph;
  const context = graph.createContext(opts.sampleRate ? { sampleRate: opts.sampleRate } : {});
  try {
    if (!context.audioWorklet) throw new Error('This browser does not support AudioWorklet.');
    await context.audioWorklet.addModule(opts.workletUrl);
    const node = graph.createWorkletNode(context, SAMPLE_RECORDER_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    let first: (() => void) | null = null;
    let failed: ((e: Error) => void) | null = null;
    const ready = new Promise<void>((resolve, reject) => {
      first = resolve;
      failed = reject;
    });
    node.port.addEventListener('message', (event: MessageEvent) => {
      if (!isRecorderMessage(event.data)) return;
      first?.();
      opts.onChunk(event.data);
    });
    node.port.start();
    node.onprocessorerror = () => failed?.(new AnalyserStartError('The recorder stopped unexpectedly.'));
    const source = context.createMediaStreamSource(opts.stream);
    source.connect(node as never);
    if (context.state !== 'running') context.resume?.().catch(() => undefined);
    const ms = opts.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new AnalyserStartError(
              `no audio within ${ms} ms (the audio context is '${context.state ?? 'unknown'}')`,
              context.state !== 'running',
            ),
          ),
        ms,
      );
    });
    try {
      await Promise.race([ready, timeout]);
    } catch (e) {
      source.disconnect();
      node.disconnect();
      node.port.close();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    return {
      sampleRate: context.sampleRate,
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
