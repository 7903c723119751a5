// The recorder's state machine (spec section 4): ready -> recording when the mic button is
// pressed and access is granted; recording -> ready when pressed again. Stopping releases
// everything (engine, context, timer, frame loop) and raises 'voice_end'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from './analytics';
import type { EngineSession, PitchRangeHz, ProcessingStage, StartEngine } from './engine-types';
import {
  classifyStartError,
  missingAudioSupport,
  UnsupportedError,
  unsupportedHint,
  type RecorderError,
} from './errors';
import {
  EMPTY_LIVE,
  pushFrame,
  resetRing,
  ring,
  sameLiveValues,
  toLiveValues,
  useLiveStore,
} from './live-buffer';
import { NOT_HEARD, decideFeedback } from '../../domain/voice';
import { createSummaryAccumulator, type SummaryAccumulator, type VoiceAnalysis } from './recording-summary';
import type { VoiceFrame } from '../../../dsp/types';

export type RecorderStatus = 'ready' | 'starting' | 'recording' | 'stopping';

export interface RecorderState {
  status: RecorderStatus;
  elapsedSec: number;
  error: RecorderError | null;
  /**
   * Set when a recording held no voice to analyse (too little sound, noise, a tone): the
   * feedback table's message saying so; nothing is scored or kept then.
   */
  notHeard: string | null;
  stagesKeptOn: ProcessingStage[];
  toggle: () => void;
}

/**
 * `pitchRange` is the member's range from their history (null = unknown, the full range). It
 * goes to the engine at the start; when it changes during a recording (the account's history
 * arrived) the running engine gets the new one.
 */
export function useRecorder(
  startEngine: StartEngine,
  onAnalysis: (a: VoiceAnalysis) => void,
  pitchRange: PitchRangeHz | null = null,
): RecorderState {
  // A fresh recorder starts with an empty trace, not the last screen's recording (render-time
  // and idempotent so the trace's first draw, a child effect, already sees it empty).
  useState(resetRing);
  const [status, setStatus] = useState<RecorderStatus>('ready');
  const [elapsedSec, setElapsed] = useState(0);
  const [error, setError] = useState<RecorderError | null>(null);
  const [notHeard, setNotHeard] = useState<string | null>(null);
  const [stagesKeptOn, setStages] = useState<ProcessingStage[]>([]);

  const session = useRef<EngineSession | null>(null);
  const acc = useRef<SummaryAccumulator | null>(null);
  const startedAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const raf = useRef<number | undefined>(undefined);
  const latest = useRef<VoiceFrame | null>(null);
  const alive = useRef(true);
  const busy = useRef(false);
  const reportRef = useRef(onAnalysis);
  useEffect(() => {
    reportRef.current = onAnalysis;
  }, [onAnalysis]);
  const rangeRef = useRef(pitchRange);
  const floorHz = pitchRange?.floorHz ?? null;
  const ceilingHz = pitchRange?.ceilingHz ?? null;
  useEffect(() => {
    const range = floorHz !== null && ceilingHz !== null ? { floorHz, ceilingHz } : null;
    const changed = rangeRef.current?.floorHz !== floorHz || rangeRef.current?.ceilingHz !== ceilingHz;
    rangeRef.current = range;
    if (changed && session.current) {
      session.current
        .setPitchRange(range)
        .catch((e: unknown) => console.warn('could not change the pitch range', e));
    }
  }, [floorHz, ceilingHz]);

  const cancelClocks = useCallback(() => {
    if (timer.current !== undefined) window.clearInterval(timer.current);
    if (raf.current !== undefined) cancelAnimationFrame(raf.current);
    timer.current = raf.current = undefined;
  }, []);

  /** Stops the engine; reports the analysis unless `report` is false (unmount, failure). */
  const finish = useCallback(
    async (report: boolean) => {
      const running = session.current;
      session.current = null;
      cancelClocks();
      if (!running) return;
      const durationSec = (performance.now() - startedAt.current) / 1000;
      try {
        await running.stop();
      } catch (e) {
        console.warn('voice engine did not stop cleanly', e);
      }
      // Is it a voice at all? Asked of the same table that words the advice.
      const verdict = report && acc.current ? decideFeedback(acc.current.measurements()) : null;
      const analysis = verdict?.heard === 'voice' ? (acc.current?.result(durationSec) ?? null) : null;
      track({
        name: 'voice_end',
        at: Date.now(),
        durationSec: Math.round(durationSec),
        analysed: analysis !== null,
      });
      if (!alive.current) return;
      useLiveStore.setState({ values: EMPTY_LIVE });
      setStatus('ready');
      if (report)
        setNotHeard(
          analysis ? null : verdict && verdict.heard !== 'voice' ? verdict.headline : NOT_HEARD.nothing,
        );
      if (analysis) reportRef.current(analysis);
    },
    [cancelClocks],
  );

  const start = useCallback(async () => {
    setError(null);
    setNotHeard(null);
    const missing = missingAudioSupport();
    if (missing.length > 0) {
      console.warn('voice analysis unavailable, missing:', missing.join(', '));
      const err = classifyStartError(new UnsupportedError(unsupportedHint(window.isSecureContext !== false)));
      setError(err);
      track({ name: 'voice_error', at: Date.now(), kind: err.kind });
      return;
    }
    setStatus('starting');
    resetRing();
    latest.current = null;
    acc.current = createSummaryAccumulator();
    let s: EngineSession;
    try {
      s = await startEngine({
        pitchRange: rangeRef.current,
        onFrame(frame) {
          pushFrame(frame);
          acc.current?.add(frame);
          latest.current = frame;
        },
        onError(e) {
          console.warn('voice analysis failed', e);
          void finish(false).then(() => alive.current && setError({ kind: 'processor', hint: null }));
        },
      });
    } catch (e) {
      // Logged (spec) as a warning: the member sees the message, nothing is broken.
      console.warn('could not start the microphone', e);
      const err = classifyStartError(e);
      track({ name: 'voice_error', at: Date.now(), kind: err.kind });
      if (alive.current) {
        setError(err);
        setStatus('ready');
      }
      return;
    }
    if (!alive.current) {
      await s.stop();
      return;
    }
    session.current = s;
    setStages(s.stagesKeptOn);
    startedAt.current = performance.now();
    setElapsed(0);
    setStatus('recording');
    track({ name: 'voice_start', at: Date.now() });
    timer.current = window.setInterval(() => {
      setElapsed(Math.floor((performance.now() - startedAt.current) / 1000));
    }, 1000);
    // Live values reach React at most once per animation frame, and only when they change.
    let lastCount = -1;
    const publish = () => {
      raf.current = requestAnimationFrame(publish);
      if (ring.count === lastCount || !latest.current) return;
      lastCount = ring.count;
      const next = toLiveValues(latest.current, acc.current?.live() ?? null);
      if (!sameLiveValues(next, useLiveStore.getState().values)) useLiveStore.setState({ values: next });
    };
    raf.current = requestAnimationFrame(publish);
  }, [startEngine, finish]);

  const toggle = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const action = session.current ? (setStatus('stopping'), finish(true)) : start();
    void action.finally(() => {
      busy.current = false;
    });
  }, [start, finish]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      void finish(false);
    };
  }, [finish]);

  return { status, elapsedSec, error, notHeard, stagesKeptOn, toggle };
}
