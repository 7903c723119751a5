// The spec's error catalogue for the recorder, plus a more specific hint line so a member
// knows what to do next. The headline texts are verbatim from the spec.

export const UNSUPPORTED_TEXT = 'Web Audio API not supported in this browser';
/** Headline for a microphone failure on /voice-analysis. */
export const ANALYSIS_MIC_TEXT = 'Failed to access microphone. Please check permissions.';
/** Headline for a microphone failure on the tuning-room recorder (shown in a red box). */
export const TUNING_MIC_TEXT = 'Could not access microphone. Please check permissions.';
export const PROCESSOR_TEXT = 'The voice analysis stopped unexpectedly. Please try recording again.';
export const ENGINE_TEXT = 'The voice analysis could not start. Please reload the page and try again.';

export type RecorderErrorKind = 'unsupported' | 'microphone' | 'processor' | 'engine';

export interface RecorderError {
  kind: RecorderErrorKind;
  /** Why, in plain words, and what to try; null when the headline says it all. */
  hint: string | null;
}

/** Thrown by the engine adapter when the browser lacks a piece of the audio pipeline. */
export class UnsupportedError extends Error {
  override name = 'UnsupportedError';
}

/** The analyser itself (Wasm download, worklet module) failed to start: not the microphone. */
export class EngineStartError extends Error {
  override name = 'EngineStartError';
  /** What the member can do about it, when we know more than "reload". */
  hint: string | null = null;
}

/** Firefox renders nothing, and never says so, while it has no sound output to open. */
export const AUDIO_OUTPUT_HINT =
  'Your browser did not start its audio engine. Check that a speaker or headphones are available and not in use by another app, then try again.';

/** src/audio/microphone.ts's MicrophoneError, recognised by shape to keep this file pure. */
interface MicrophoneErrorLike {
  name: 'MicrophoneError';
  kind: string;
  message: string;
}

const HINTS: Record<string, string> = {
  NotAllowedError:
    'Microphone access is blocked for this site. Allow it in your browser settings, then try again.',
  SecurityError:
    'Microphone access is blocked for this site. Allow it in your browser settings, then try again.',
  PermissionDeniedError:
    'Microphone access is blocked for this site. Allow it in your browser settings, then try again.',
  NotFoundError: 'No microphone was found. Connect one and try again.',
  DevicesNotFoundError: 'No microphone was found. Connect one and try again.',
  OverconstrainedError: 'Your microphone could not be opened with the settings analysis needs.',
  NotReadableError: 'Your microphone is in use by another app or could not be started.',
  TrackStartError: 'Your microphone is in use by another app or could not be started.',
  AbortError: 'Opening the microphone was interrupted. Please try again.',
};

/** Which pieces of the pipeline this browser lacks (empty when all are there). */
export function missingAudioSupport(g: Record<string, unknown> = globalThis as never): string[] {
  const missing: string[] = [];
  if (typeof g.AudioContext !== 'function') missing.push('AudioContext');
  // AudioWorklet also needs a secure context (https or localhost); without one it is absent.
  if (typeof g.AudioWorkletNode !== 'function') missing.push('AudioWorklet');
  const nav = g.navigator as { mediaDevices?: { getUserMedia?: unknown } } | undefined;
  if (typeof nav?.mediaDevices?.getUserMedia !== 'function') missing.push('getUserMedia');
  if (typeof g.WebAssembly !== 'object') missing.push('WebAssembly');
  return missing;
}

/** A plain-words hint for a missing pipeline piece; insecure pages hide AudioWorklet and getUserMedia. */
export function unsupportedHint(secureContext: boolean): string {
  return secureContext
    ? 'Try a current version of Chrome, Edge, Firefox or Safari.'
    : 'Recording needs a secure (https) page. Open the app through its https address.';
}

export function classifyStartError(error: unknown): RecorderError {
  if (error instanceof UnsupportedError) return { kind: 'unsupported', hint: error.message || null };
  if (error instanceof EngineStartError) return { kind: 'engine', hint: error.hint };
  if (isMicrophoneError(error)) {
    return { kind: error.kind === 'unsupported' ? 'unsupported' : 'microphone', hint: error.message || null };
  }
  const name = error instanceof Error || isNamed(error) ? error.name : '';
  if (name === 'NotSupportedError') return { kind: 'unsupported', hint: null };
  return { kind: 'microphone', hint: HINTS[name] ?? null };
}

export function headline(error: RecorderError, micText: string): string {
  if (error.kind === 'unsupported') return UNSUPPORTED_TEXT;
  if (error.kind === 'processor') return PROCESSOR_TEXT;
  if (error.kind === 'engine') return ENGINE_TEXT;
  return micText;
}

function isMicrophoneError(e: unknown): e is MicrophoneErrorLike {
  return isNamed(e) && e.name === 'MicrophoneError' && typeof (e as { kind?: unknown }).kind === 'string';
}

function isNamed(e: unknown): e is { name: string } {
  return typeof e === 'object' && e !== null && typeof (e as { name?: unknown }).name === 'string';
}
