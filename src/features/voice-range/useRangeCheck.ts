import { useCallback, useEffect, useRef, useState } from 'react';
import type { RangeResult } from '../../../dsp/range-types';
import type { VoiceFrame } from '../../../dsp/types';
import type { Level, RecordTake, Take } from '../assessment/record-take';
import { QUIET_PEAK } from '../assessment/take-quality';
import type { AnalyseRange } from './analyse-range';
import { addFrame, emptyDots, type DotSet } from './phonetogram';
import { RANGE_STEPS } from './steps';

export interface RangeCheckDeps {
  recordTake: RecordTake;
  analyse: AnalyseRange;
  /** dB SPL of a full-scale sine on this device (calibration.ts), or null: relative levels. */
  calibrationDb: number | null;
  now?: () => Date;
}

export type RangeCheckState =
  | { screen: 'step'; step: number; recording: boolean; problem: string | null }
  | { screen: 'analysing' }
  | { screen: 'result'; result: RangeResult; recordedAt: string }
  | { screen: 'failed'; message: string };

const FIRST: RangeCheckState = { screen: 'step', step: 0, recording: false, problem: null };
export const ENGINE_FAILED =
  'The range check could not run on this device. Please reload the page and try again.';
const QUIET =
  'We could not hear your voice in that take. Hold the phone about 30 cm from your mouth and try the step again.';

/** Silence put between two steps' takes when they are joined into one recording, seconds. */
export const GAP_SECONDS = 0.25;

/**
 * The steps' takes as the one mono recording the engine reads (its `samples` are channels, not
 * takes), a short silence between them so one step's end does not run into the next's start.
 */
export function joinTakes(takes: readonly Float32Array[], rate: number): Float32Array {
  const gap = Math.round(GAP_SECONDS * rate);
  const out = new Float32Array(takes.reduce((n, t) => n + t.length, 0) + gap * Math.max(0, takes.length - 1));
  let at = 0;
  for (const t of takes) {
    out.set(t, at);
    at += t.length + gap;
  }
  return out;
}

/** Peak of a take: a take whose peak stays below the assessment's quiet limit heard no voice. */
const peakOf = (t: Take) => t.samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

/** Runs the range check: four takes with the live phonetogram, then one analysis on the device. */
export function useRangeCheck({
  recordTake,
  analyse,
  calibrationDb,
  now = () => new Date(),
}: RangeCheckDeps) {
  const [state, setState] = useState<RangeCheckState>(FIRST);
  const [level, setLevel] = useState<Level>({ rms: 0, peak: 0 });
  const [seconds, setSeconds] = useState(0);
  const [dots, setDots] = useState<DotSet>(emptyDots);
  const live = useRef({ set: emptyDots(), seen: new Set<string>(), dirty: false });
  const takes = useRef<Take[]>([]);
  const stopper = useRef<AbortController | null>(null);
  // Each start of the check is a new run: a take or an analysis of an abandoned run is dropped.
  const run = useRef(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      stopper.current?.abort();
    };
  }, []);

  // The drawing is refreshed at most ten times a second, not on each of ~47 frames.
  useEffect(() => {
    const timer = setInterval(() => {
      if (!live.current.dirty) return;
      live.current.dirty = false;
      const { dots: d, loudest } = live.current.set;
      setDots({ dots: [...d], loudest });
    }, 100);
    return () => clearInterval(timer);
  }, []);

  const onFrame = useCallback(
    (frame: VoiceFrame) => {
      const l = live.current;
      if (addFrame(l.set, l.seen, frame, calibrationDb)) l.dirty = true;
    },
    [calibrationDb],
  );

  const analyseAll = useCallback(() => {
    setState({ screen: 'analysing' });
    // One microphone gives one rate; a take at another (a device changed mid-check) is left out.
    const rate = takes.current[0]!.rate;
    const samples = [
      joinTakes(
        takes.current.filter((t) => t.rate === rate).map((t) => t.samples),
        rate,
      ),
    ];
    const recordedAt = now().toISOString();
    const mine = run.current;
    analyse({ samples, rate }, calibrationDb === null ? {} : { calibrationDb }).then(
      (outcome) => {
        if (!alive.current || run.current !== mine) return;
        setState(
          outcome.ok
            ? { screen: 'result', result: outcome.result, recordedAt }
            : { screen: 'failed', message: outcome.message },
        );
      },
      (e: unknown) => {
        console.error('The range engine failed', e);
        if (alive.current && run.current === mine) setState({ screen: 'failed', message: ENGINE_FAILED });
      },
    );
    // `now` is read once per analysis.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analyse, calibrationDb]);

  const record = useCallback(() => {
    if (state.screen !== 'step' || state.recording) return;
    const step = state.step;
    const mine = run.current;
    const controller = new AbortController();
    stopper.current = controller;
    setSeconds(0);
    setState({ screen: 'step', step, recording: true, problem: null });
    recordTake({
      kind: RANGE_STEPS[step]!.rule,
      signal: controller.signal,
      onLevel: (l) => alive.current && setLevel(l),
      onSeconds: (s) => alive.current && setSeconds(s),
      onFrame,
    }).then(
      (take) => {
        if (!alive.current || run.current !== mine) return;
        if (peakOf(take) < QUIET_PEAK) {
          setState({ screen: 'step', step, recording: false, problem: QUIET });
          return;
        }
        takes.current.push(take);
        if (step + 1 < RANGE_STEPS.length)
          setState({ screen: 'step', step: step + 1, recording: false, problem: null });
        else analyseAll();
      },
      (e: unknown) => {
        console.warn('The take could not be recorded', e);
        const message =
          (e as { name?: string; message?: string } | null)?.name === 'MicrophoneError'
            ? String((e as Error).message)
            : 'The recording could not start. Please try again.';
        if (alive.current && run.current === mine)
          setState({ screen: 'step', step, recording: false, problem: message });
      },
    );
  }, [state, recordTake, onFrame, analyseAll]);

  const restart = useCallback(() => {
    run.current += 1;
    stopper.current?.abort();
    takes.current = [];
    live.current = { set: emptyDots(), seen: new Set(), dirty: false };
    setDots(emptyDots());
    setState(FIRST);
  }, []);

  return {
    state,
    level,
    seconds,
    dots,
    record,
    /** The member's "done": the step's take ends now. */
    done: useCallback(() => stopper.current?.abort(), []),
    restart,
  };
}
