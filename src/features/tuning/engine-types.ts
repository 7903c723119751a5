import type { VoiceFrame } from '../../../dsp/types';

/** A processing stage the browser may apply to the microphone before we see the signal. */
export type ProcessingStage = 'echoCancellation' | 'noiseSuppression' | 'autoGainControl';

export interface EngineCallbacks {
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
  stop(): Promise<void>;
}

/** Opens the microphone (the permission request) and starts analysing. */
export type StartEngine = (callbacks: EngineCallbacks) => Promise<EngineSession>;
