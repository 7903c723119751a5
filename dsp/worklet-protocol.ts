// Messages and control API shared by the AudioWorklet processor (worklets/) and its
// main-thread wrapper (src/audio/). Frames travel as plain postMessage; control goes
// through Comlink on the same port (Comlink ignores messages without an id).
import type { PitchRange, VoiceFrame } from './types';

export const PROCESSOR_NAME = 'voice-analyser';

export interface VoiceAnalyserProcessorOptions {
  /** The compiled voice-analyser module (structured-cloned into the worklet). */
  module: WebAssembly.Module;
  /** Samples between frames; default 1024. */
  hop?: number;
  /** Start analysing immediately (default true). */
  autoStart?: boolean;
  /** The member's pitch range from their history; absent = the engine's full 50-1500 Hz. */
  pitchRange?: PitchRange;
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

/** What configure() and setPitchRange() report: the engine's settings after clamping. */
export interface VoiceAnalyserSettings {
  sampleRate: number;
  hop: number;
  pitchRange: PitchRange;
}

/** Exposed by the processor with Comlink.expose(api, this.port). Keep every method trivial:
 * the port's handlers run on the audio rendering thread. */
export interface VoiceAnalyserControl {
  start(): void;
  stop(): void;
  reset(): void;
  configure(config: VoiceAnalyserConfig): VoiceAnalyserSettings;
  /**
   * Changes the pitch range while running (the member's history arrived or changed); null
   * restores the full 50-1500 Hz. Samples and note history are kept.
   */
  setPitchRange(range: PitchRange | null): VoiceAnalyserSettings;
}

/** The engine's full range: what an unknown voice is analysed with. */
export const FULL_PITCH_RANGE: PitchRange = { floorHz: 50, ceilingHz: 1500 };

export function isProcessorMessage(data: unknown): data is ProcessorMessage {
  const type = (data as { type?: unknown } | null)?.type;
  return type === 'voice-frame' || type === 'voice-error';
}
