import { useCallback, useEffect, useRef, useState } from 'react';
import { MicrophoneError } from '../../audio/microphone';
import { VOICE_NOTE_MIN_MS } from '../../domain/voice-notes';
import { startMemoRecording, type MemoRecording, type RecordedMemo } from './memo-recorder';

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'stopping' | 'review';

export interface MemoRecorderState {
  status: RecorderStatus;
  /** 0..1 while recording. */
  level: number;
  elapsedMs: number;
  take: RecordedMemo | null;
  /** The take stopped by itself at a minute. */
  atLimit: boolean;
  error: string | null;
}

const IDLE: MemoRecorderState = {
  status: 'idle',
  level: 0,
  elapsedMs: 0,
  take: null,
  atLimit: false,
  error: null,
};

const TOO_SHORT = 'That was too short to keep: hold the note a little longer, then stop.';

/** The recorder's states for the screen; `start` is injectable for tests. */
export function useMemoRecorder(start = startMemoRecording) {
  const [state, setState] = useState<MemoRecorderState>(IDLE);
  const recording = useRef<MemoRecording | null>(null);
  const started = useRef(0);

  const finish = useCallback((take: RecordedMemo, atLimit: boolean) => {
    recording.current = null;
    if (take.durationMs < VOICE_NOTE_MIN_MS) {
      setState({ ...IDLE, error: TOO_SHORT });
      return;
    }
    setState({ ...IDLE, status: 'review', take, atLimit, elapsedMs: take.durationMs });
  }, []);

  const begin = useCallback(async () => {
    setState({ ...IDLE, status: 'starting' });
    try {
      recording.current = await start({
        onLevel: (level) => setState((s) => (s.status === 'recording' ? { ...s, level } : s)),
        onLimit: (take) => finish(take, true),
      });
      started.current = performance.now();
      setState((s) => ({ ...s, status: 'recording' }));
    } catch (err) {
      console.warn('Could not start recording', err);
      const text =
        err instanceof MicrophoneError
          ? err.message
          : 'The microphone could not be started. Please try again.';
      setState({ ...IDLE, error: text });
    }
  }, [start, finish]);

  const stop = useCallback(async () => {
    const rec = recording.current;
    if (!rec) return;
    setState((s) => ({ ...s, status: 'stopping', level: 0 }));
    try {
      finish(await rec.stop(), false);
    } catch (err) {
      console.warn('Could not finish the recording', err);
      recording.current = null;
      setState({ ...IDLE, error: 'The recording could not be finished. Please record it again.' });
    }
  }, [finish]);

  const discard = useCallback(() => setState(IDLE), []);

  // The clock of the take, while it records.
  useEffect(() => {
    if (state.status !== 'recording') return;
    const timer = window.setInterval(
      () => setState((s) => ({ ...s, elapsedMs: performance.now() - started.current })),
      250,
    );
    return () => window.clearInterval(timer);
  }, [state.status]);

  // Leaving the screen while recording ends the take and frees the microphone.
  useEffect(() => () => recording.current?.cancel(), []);

  return { state, begin, stop, discard };
}
