import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { AnalyseOnDevice } from './analysis-outcome';
import { checkReducer, type CheckState } from './flow';
import type { Level, RecordTake } from './record-take';
import { checkTake, trimTake } from './take-quality';

export interface CheckDeps {
  recordTake: RecordTake;
  analyse: AnalyseOnDevice;
  now?: () => Date;
}

const ENGINE_FAILED = 'The voice check could not run on this device. Please reload the page and try again.';

/** Runs the guided check: each "Record" takes one take, checks it, and the pair is analysed on the device. */
export function useAssessmentCheck({ recordTake, analyse, now = () => new Date() }: CheckDeps) {
  // Opening the check is its start: step 1 is shown at once.
  const [state, dispatch] = useReducer(checkReducer, { screen: 'intro' } as CheckState, (s) =>
    checkReducer(s, { type: 'begin' }),
  );
  const [level, setLevel] = useState<Level>({ rms: 0, peak: 0 });
  const [seconds, setSeconds] = useState(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => void (alive.current = false);
  }, []);

  const recording = state.screen === 'step' && state.phase === 'recording' ? state.step : null;
  useEffect(() => {
    if (!recording) return;
    setSeconds(0);
    recordTake({
      kind: recording,
      onLevel: (l) => alive.current && setLevel(l),
      onSeconds: (s) => alive.current && setSeconds(s),
    }).then(
      (take) => {
        if (!alive.current) return;
        const check = checkTake(recording, take.samples, take.rate);
        // The engine gets the accepted take without the silence around it.
        const kept = check.problem
          ? take
          : { ...take, samples: trimTake(recording, take.samples, take.rate) };
        dispatch({ type: 'taken', take: kept, check });
      },
      (e: unknown) => {
        console.warn('The take could not be recorded', e);
        const message =
          (e as { name?: string; message?: string } | null)?.name === 'MicrophoneError'
            ? String((e as Error).message)
            : 'The recording could not start. Please try again.';
        if (alive.current) dispatch({ type: 'take-failed', message });
      },
    );
  }, [recording, recordTake]);

  const takes = state.screen === 'analysing' ? state.takes : null;
  useEffect(() => {
    if (!takes?.vowel || !takes.sentence) return;
    analyse(
      { samples: [takes.vowel.samples], rate: takes.vowel.rate },
      { samples: [takes.sentence.samples], rate: takes.sentence.rate },
    ).then(
      (outcome) => alive.current && dispatch({ type: 'analysed', outcome, at: now().toISOString() }),
      (e: unknown) => {
        console.error('The voice assessment engine failed', e);
        if (alive.current) dispatch({ type: 'crashed', message: ENGINE_FAILED });
      },
    );
    // `now` is read once per analysis; a new function each render must not start another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [takes, analyse]);

  return {
    state,
    level,
    seconds,
    record: useCallback(() => dispatch({ type: 'record' }), []),
    skipBreath: useCallback(() => dispatch({ type: 'skip-breath' }), []),
    restart: useCallback(() => dispatch({ type: 'begin' }), []),
  };
}
