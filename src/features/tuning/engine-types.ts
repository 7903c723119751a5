import type { VoiceFrame } from '../../../dsp/types';

/** A processing stage the browser may apply to the microphone before we see the signal. */
export type ProcessingStage = 'echoCancellation' | 'noiseSuppression' | 'autoGainControl';

/** The pitch range (Hz) the analyser searches; from the member's history (src/domain/voice). */
export interface PitchRangeHz {
  floorHz: number;
  ceilingHz: number;
}

export interface EngineCallbacks {
  /** The member's range at the start; null or absent = the engine's full 50-1500 Hz. */
  pitchRange?: PitchRangeHz | null;
  /** One analysis frame (~47 per second); the object may be reused, copy what you keep. */
  onFrame(frame: VoiceFrame): void;
  /** The audio thread failed (onprocessorerror) or the microphone track ended. */
  onError(error: unknown): void;
}

/** A running capture + analysis. stop() releases the microphone and closes the context. */
export interface EngineSession {
  sampleRate: number;
  /** Stages the browser kept on although analysis asked for them off. */
  stagesKeptOn: ProcessingStage[];
  /** Changes the range while recording (history arrived or changed); null = full range. */
  setPitchRange(range: PitchRangeHz | null): Promise<void>;
  stop(): Promise<void>;
}

/** Opens the microphone (the permission request) and starts analysing. */
export type StartEngine = (callbacks: EngineCallbacks) => Promise<EngineSession>;
