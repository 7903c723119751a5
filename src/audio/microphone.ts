// Microphone capture for voice analysis. The browser's speech-call processing (echo
// cancellation, noise suppression, automatic gain) halves a steady tone's level within a
// second and doubles its zero-crossing rate, so all three are requested off, and the track's
// settings are read back to report any stage the browser kept on.

export const PROCESSING_STAGES = ['echoCancellation', 'noiseSuppression', 'autoGainControl'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];

export const ANALYSIS_AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
};

export type MicrophoneErrorKind = 'denied' | 'not-found' | 'busy' | 'unsupported' | 'unknown';

export class MicrophoneError extends Error {
  override name = 'MicrophoneError';
  constructor(
    readonly kind: MicrophoneErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface MicrophoneCapture {
  stream: MediaStream;
  track: MediaStreamTrack;
  settings: MediaTrackSettings;
  /** Processing stages the browser left on despite the request (empty when clean). */
  processingKeptOn: ProcessingStage[];
  stop(): void;
}

/** Stages reported as on (or not reported at all is treated as off: nothing to warn about). */
export function processingKeptOn(settings: MediaTrackSettings): ProcessingStage[] {
  return PROCESSING_STAGES.filter((stage) => settings[stage] === true);
}

const MESSAGES: Record<MicrophoneErrorKind, string> = {
  denied: 'Microphone access was not allowed. You can enable it in your browser settings and try again.',
  'not-found': 'No microphone was found. Please connect one and try again.',
  busy: 'The microphone is being used by another app. Close it and try again.',
  unsupported: 'This browser cannot record audio here (a secure https page is needed).',
  unknown: 'The microphone could not be started. Please try again.',
};

export function toMicrophoneError(e: unknown): MicrophoneError {
  const name = (e as { name?: string } | null)?.name ?? '';
  const kind: MicrophoneErrorKind =
    name === 'NotAllowedError' || name === 'SecurityError'
      ? 'denied'
      : name === 'NotFoundError' || name === 'OverconstrainedError'
        ? 'not-found'
        : name === 'NotReadableError' || name === 'AbortError'
          ? 'busy'
          : 'unknown';
  return new MicrophoneError(kind, MESSAGES[kind]);
}

export async function openMicrophone(
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<MicrophoneCapture> {
  if (!mediaDevices?.getUserMedia) throw new MicrophoneError('unsupported', MESSAGES.unsupported);
  let stream: MediaStream;
  try {
    stream = await mediaDevices.getUserMedia({ audio: ANALYSIS_AUDIO_CONSTRAINTS, video: false });
  } catch (e) {
    throw toMicrophoneError(e);
  }
  const track = stream.getAudioTracks()[0];
  if (!track) throw new MicrophoneError('not-found', MESSAGES['not-found']);
  const settings = track.getSettings();
  return {
    stream,
    track,
    settings,
    processingKeptOn: processingKeptOn(settings),
    stop: () => stream.getTracks().forEach((t) => t.stop()),
  };
}
