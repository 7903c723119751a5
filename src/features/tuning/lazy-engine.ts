import type { StartEngine } from './engine-types';

/**
 * The voice engine (standardized-audio-context, the Wasm analyser, the worklet bridge) is
 * fetched when the member presses record, not with the page: it is most of the tuning room's
 * code and nothing on screen needs it before then.
 */
export const startVoiceEngineLazy: StartEngine = async (callbacks) => {
  const { startVoiceEngine } = await import('./engine');
  return startVoiceEngine(callbacks);
};
