// Adapter from the recorder's small StartEngine contract to the audio engine in src/audio/
// (microphone with the three processing stages off, Wasm compiled once, worklet node).
import { wasmUrl, workletUrl } from '../../audio/assets';
import { openMicrophone, type MicrophoneCapture } from '../../audio/microphone';
import {
  AnalyserStartError,
  startVoiceAnalyser,
  type VoiceAnalyserHandle,
} from '../../audio/voiceAnalyserNode';
import { compileVoiceModule } from '../../audio/wasmModule';
import type { StartEngine } from './engine-types';
import { AUDIO_OUTPUT_HINT, EngineStartError } from './errors';

/**
 * The context's sample rate. By default it follows the microphone's own rate: no extra
 * resampling, and Firefox refuses a stream whose rate differs from its context's. End-to-end
 * tests pin it with `?sampleRate=48000` (headless Chromium otherwise picks 44.1 kHz while the
 * fixtures are 48 kHz); the analyser reads the real rate either way, so numbers stay right.
 */
export function contextSampleRate(search: string, micRate: number | undefined): number | undefined {
  const pinned = Number(new URLSearchParams(search).get('sampleRate'));
  if (Number.isInteger(pinned) && pinned >= 8000 && pinned <= 96000) return pinned;
  return micRate && micRate >= 8000 && micRate <= 96000 ? micRate : undefined;
}

/** Frames come every 10 ms (the engine hop); this long without one means the audio thread stalled. */
export const STALL_MS = 4000;

/**
 * Calls `onStall` once when `beat()` has not been called for `stallMs` (checked every second).
 * The context can stop rendering mid-recording (device unplugged, an iPhone call interrupts,
 * the browser suspends it) without any event the worklet could report.
 */
export function stallWatchdog(onStall: () => void, stallMs = STALL_MS, now = () => performance.now()) {
  let last = now();
  let fired = false;
  const timer = setInterval(() => {
    if (fired || now() - last < stallMs) return;
    fired = true;
    clearInterval(timer);
    onStall();
  }, 1000);
  return {
    beat: () => void (last = now()),
    stop: () => clearInterval(timer),
  };
}

function startError(e: unknown): EngineStartError {
  const error = new EngineStartError('could not start the voice analyser', { cause: e });
  if (e instanceof AnalyserStartError && e.suspended) error.hint = AUDIO_OUTPUT_HINT;
  return error;
}

export const startVoiceEngine: StartEngine = async ({ onFrame, onError, pitchRange }) => {
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
  let watchdog: ReturnType<typeof stallWatchdog> | undefined = undefined; // set once started
  // An error between the first frame and the end of the start is the start's failure: the
  // recorder has no session yet to end.
  let earlyError: unknown = null;
  const fail = (e: unknown) => {
    if (stopped) return;
    if (!watchdog) {
      earlyError ??= e;
      return;
    }
    watchdog.stop();
    onError(e);
  };
  try {
    handle = await startVoiceAnalyser({
      stream: mic.stream,
      module,
      workletUrl,
      sampleRate: contextSampleRate(window.location.search, mic.settings.sampleRate),
      pitchRange: pitchRange ?? null,
      onFrame: (frame) => {
        watchdog?.beat();
        onFrame(frame);
      },
      onError: (message) => fail(new Error(message)),
    });
  } catch (e) {
    mic.stop();
    throw startError(e);
  }
  if (earlyError !== null) {
    mic.stop();
    await handle.close().catch(() => undefined);
    throw startError(earlyError);
  }
  watchdog = stallWatchdog(() =>
    fail(new Error(`no audio frames for ${STALL_MS} ms: the audio context stopped rendering`)),
  );
  mic.track.addEventListener('ended', () =>
    fail(new DOMException('The microphone was disconnected', 'NotReadableError')),
  );
  return {
    sampleRate: handle.sampleRate,
    stagesKeptOn: mic.processingKeptOn,
    async setPitchRange(range) {
      if (stopped) return;
      await handle.control.setPitchRange(range);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      watchdog?.stop();
      mic.stop();
      await handle.close();
    },
  };
};
