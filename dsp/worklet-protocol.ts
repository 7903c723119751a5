// Messages and control API shared by the AudioWorklet processor (worklets/) and its
// main-thread wrapper (src/audio/). Frames travel as plain postMessage; control goes
// through Comlink on the same port (Comlink ignores messages without an id).
import type { VoiceFrame } from './types';

export const PROCESSOR_NAME = 'voice-analyser';

export interface VoiceAnalyserProcessorOptions {
  /** The compiled voice-analyser module (structured-cloned into the worklet). */
  module: WebAssembly.Module;
  /** Samples between frames; default 1024. */
  hop?: number;
  /** Start analysing immediately (default true). */
  autoStart?: boolean;
}

export interface FrameMessage {
  type: 'voice-frame';
  frame: VoiceFrame;
}

export interface ErrorMessage {
  type: 'voice-error';
  message: string;
}

export type ProcessorMessage = FrameMessage | ErrorMessage;

export interface VoiceAnalyserConfig {
  hop?: number;
}

/** Exposed by the processor with Comlink.expose(api, this.port). Keep every method trivial:
 * the port's handlers run on the audio rendering thread. */
export interface VoiceAnalyserControl {
  start(): void;
  stop(): void;
  reset(): void;
  configure(config: VoiceAnalyserConfig): { sampleRate: number; hop: number };
}

export function isProcessorMessage(data: unknown): data is ProcessorMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'voice-frame' || type === 'voice-error';
}
