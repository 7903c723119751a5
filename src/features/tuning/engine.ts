// Adapter from the recorder's small StartEngine contract to the audio engine in src/audio/
// (microphone with the three processing stages off, Wasm compiled once, worklet node).
import { wasmUrl, workletUrl } from '../../audio/assets';
import { openMicrophone, type MicrophoneCapture } from '../../audio/microphone';
import { startVoiceAnalyser, type VoiceAnalyserHandle } from '../../audio/voiceAnalyserNode';
import { compileVoiceModule } from '../../audio/wasmModule';
import type { StartEngine } from './engine-types';
import { EngineStartError } from './errors';

/**
 * The context's sample rate. By default it follows the microphone's own rate: no extra
 * resampling, and Firefox refuses a stream whose rate differs from its context's. End-to-end
 * tests pin it with `?sampleRate=48000` (headless Chromium otherwise picks 44.1 kHz while the
 * fixtures are 48 kHz); the analyser reads the real rate either way, so numbers stay right.
 */
export function contextSampleRate(search: string, micRate: number | undefined): number | undefined {
  const pinned = Number(new URLSearchParams(search).get('sampleRate'));
  if (Number.isInteger(pinned) && pinned >= 16000 && pinned <= 96000) return pinned;
  return micRate && micRate >= 16000 && micRate <= 96000 ? micRate : undefined;
}

export const startVoiceEngine: StartEngine = async ({ onFrame, onError }) => {
  // Wasm first, microphone second: capture starts when getUserMedia resolves, and audio
  // that arrives before the analyser is ready would be lost.
  let module: WebAssembly.Module;
  try {
    module = await compileVoiceModule(wasmUrl);
  } catch (e) {
    throw new EngineStartError('could not load the voice analyser', { cause: e });
  }
  const mic: MicrophoneCapture = await openMicrophone();
  let handle: VoiceAnalyserHandle;
  let stopped = false;
  try {
    handle = await startVoiceAnalyser({
      stream: mic.stream,
      module,
      workletUrl,
      sampleRate: contextSampleRate(window.location.search, mic.settings.sampleRate),
      onFrame,
      onError: (message) => {
        if (!stopped) onError(new Error(message));
      },
    });
  } catch (e) {
    mic.stop();
    throw new EngineStartError('could not start the voice analyser', { cause: e });
  }
  mic.track.addEventListener('ended', () => {
    if (!stopped) onError(new DOMException('The microphone was disconnected', 'NotReadableError'));
  });
  return {
    sampleRate: handle.sampleRate,
    stagesKeptOn: mic.processingKeptOn,
    async stop() {
      if (stopped) return;
      stopped = true;
      mic.stop();
      await handle.close();
    },
  };
};
