import { useEffect, useRef } from 'react';
import { LevelMeter } from '../assessment/LevelMeter';
import type { Calibration } from './calibration';
import { Phonetogram } from './Phonetogram';
import { RangeResultView } from './RangeResultView';
import { RANGE_STEPS, WARM_UP } from './steps';
import { useRangeCheck, type RangeCheckDeps } from './useRangeCheck';
import a from '../assessment/Assessment.module.css';

interface Props {
  deps: Omit<RangeCheckDeps, 'calibrationDb'>;
  calibration: Calibration | null;
  onClose(): void;
}

/** The guided range check: four steps with the phonetogram drawn live, then the result. */
export function RangeCheck({ deps, calibration, onClose }: Props) {
  const check = useRangeCheck({ ...deps, calibrationDb: calibration?.calibrationDb ?? null });
  const { state, level, seconds, dots } = check;
  // A new step (or the result) takes the focus, so a screen reader reads what to do next.
  const heading = useRef<HTMLHeadingElement>(null);
  const where = state.screen === 'step' ? `step${state.step}` : state.screen;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [where]);
  const levels = calibration ? 'spl' : 'relative';
  return (
    <div className={a.check} data-testid="range-check">
      <div className={a.checkHeader}>
        <h2 className={a.cardTitle}>range check</h2>
        <button type="button" className={a.link} onClick={onClose}>
          close
        </button>
      </div>
      {state.screen === 'step' && (
        <section className={a.card} aria-labelledby="range-step-title">
          <p className={a.muted}>
            step {state.step + 1} of {RANGE_STEPS.length}
          </p>
          <h3 id="range-step-title" className={a.stepTitle} ref={heading} tabIndex={-1}>
            {RANGE_STEPS[state.step]!.title}
          </h3>
          {state.step === 0 && <p className={a.note}>{WARM_UP}</p>}
          <p>{RANGE_STEPS[state.step]!.how}</p>
          {state.problem && (
            <div role="alert" className={a.problem} data-testid="range-problem">
              <strong>Let’s try that again.</strong> {state.problem}
            </div>
          )}
          <LevelMeter level={level} />
          {state.recording ? (
            <>
              <p role="status" className={a.recording}>
                Recording… {seconds.toFixed(1)} s
              </p>
              <button type="button" className={a.secondary} onClick={check.done}>
                done with this step
              </button>
            </>
          ) : (
            <button type="button" className={a.primary} onClick={check.record}>
              Record
            </button>
          )}
          <Phonetogram
            dots={dots.dots}
            loudest={dots.loudest}
            levels={levels}
            label={
              dots.dots.length === 0
                ? 'Your phonetogram: each sung moment appears here as a dot.'
                : `Your phonetogram so far: ${dots.dots.length} dots.`
            }
          />
          <p className={a.muted}>
            Each dot is a moment of your voice: further right is higher, further up is louder. The result
            comes from the whole recording, measured once you finish.
          </p>
        </section>
      )}
      {state.screen === 'analysing' && (
        <p role="status" className={a.card}>
          Measuring your range on this phone…
        </p>
      )}
      {state.screen === 'failed' && (
        <div role="alert" className={a.card}>
          <p>{state.message}</p>
          <button type="button" className={a.secondary} onClick={check.restart}>
            start again
          </button>
        </div>
      )}
      {state.screen === 'result' && (
        <RangeResultView
          headingRef={heading}
          result={state.result}
          recordedAt={state.recordedAt}
          dots={dots}
          calibration={calibration}
          onAgain={check.restart}
        />
      )}
      <p className={a.muted}>
        Everything is measured on this device: no recording is ever uploaded. The recordings are gone when you
        close this check.
      </p>
    </div>
  );
}
