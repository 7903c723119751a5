// The member's own voice while they follow a step: the same capture and Wasm analyser as the
// tuning room (src/audio via the tuning adapter), drawn as level and pitch, and summed up by the
// tuning room's accumulator so the session ends with advice from the same feedback table.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoiceFrame } from '../../../dsp/types';
import { decideFeedback, type Feedback } from '../../domain/voice';
import { createSummaryAccumulator, type SummaryAccumulator } from '../tuning/recording-summary';
import { startVoiceEngine } from '../tuning/engine';
import type { EngineSession } from '../tuning/engine-types';
import {
  ANALYSIS_MIC_TEXT,
  classifyStartError,
  headline,
  missingAudioSupport,
  UnsupportedError,
  unsupportedHint,
} from '../tuning/errors';

export type MeterStatus = 'off' | 'starting' | 'on' | 'failed';

/** One drawn sample: level 0..1 and pitch in Hz (null when not voiced). */
export interface MeterSample {
  level: number;
  f0: number | null;
}

/** About 6 s of frames at the analyser's ~47 frames per second. */
export const METER_HISTORY = 280;

export interface VoiceMeter {
  status: MeterStatus;
  error: { headline: string; hint: string | null } | null;
  /** Newest last; mutated in place (read it in an animation frame, not in render). */
  samples: MeterSample[];
  /** The loudest level heard since the meter started, 0..1. */
  maxLevel: () => number;
  /**
   * The feedback table's word on everything heard in this session (every stretch the meter was
   * on), or null when the microphone never listened.
   */
  feedback: () => Feedback | null;
  start: () => void;
  stop: () => void;
}

export function useVoiceMeter(): VoiceMeter {
  const [status, setStatus] = useState<MeterStatus>('off');
  const [error, setError] = useState<VoiceMeter['error']>(null);
  const session = useRef<EngineSession | null>(null);
  const samples = useRef<MeterSample[]>([]);
  const max = useRef(0);
  // One per player: turning the meter off and on again keeps adding to the same session.
  const heard = useRef<SummaryAccumulator | null>(null);
  const alive = useRef(true);
  const wanted = useRef(false);

  const stop = useCallback(() => {
    wanted.current = false;
    const running = session.current;
    session.current = null;
    if (running)
      void running.stop().catch((e: unknown) => console.warn('voice meter did not stop cleanly', e));
    if (alive.current) setStatus((s) => (s === 'failed' ? s : 'off'));
  }, []);

  const fail = useCallback((e: unknown) => {
    wanted.current = false;
    console.warn('voice meter failed', e);
    const err = classifyStartError(e);
    if (alive.current) {
      setError({ headline: headline(err, ANALYSIS_MIC_TEXT), hint: err.hint });
      setStatus('failed');
    }
  }, []);

  const start = useCallback(() => {
    if (session.current || wanted.current) return;
    wanted.current = true;
    setError(null);
    const missing = missingAudioSupport();
    if (missing.length > 0) {
      fail(new UnsupportedError(unsupportedHint(window.isSecureContext !== false)));
      return;
    }
    setStatus('starting');
    samples.current.length = 0;
    startVoiceEngine({
      onFrame(frame: VoiceFrame) {
        const buf = samples.current;
        buf.push({ level: frame.volume, f0: frame.f0 });
        if (buf.length > METER_HISTORY) buf.splice(0, buf.length - METER_HISTORY);
        if (frame.volume > max.current) max.current = frame.volume;
        (heard.current ??= createSummaryAccumulator()).add(frame);
      },
      onError(e) {
        const running = session.current;
        session.current = null;
        if (running) void running.stop().catch(() => undefined);
        fail(e);
      },
    }).then(
      (s) => {
        // The member left (or finished) while the permission prompt was open.
        if (!alive.current || !wanted.current) return void s.stop();
        session.current = s;
        setStatus('on');
      },
      (e: unknown) => fail(e),
    );
  }, [fail]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      const running = session.current;
      session.current = null;
      if (running) void running.stop().catch(() => undefined);
    };
  }, []);

  const feedback = useCallback(
    () => (heard.current ? decideFeedback(heard.current.measurements()) : null),
    [],
  );

  return { status, error, samples: samples.current, maxLevel: () => max.current, feedback, start, stop };
}
