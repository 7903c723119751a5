import { useEffect, useRef } from 'react';
import type { TakeKind } from './take-quality';
import { AssessmentResultView } from './AssessmentResultView';
import { STEP_NUMBER } from './flow';
import { LevelMeter } from './LevelMeter';
import { useAssessmentCheck, type CheckDeps } from './useAssessmentCheck';
import styles from './Assessment.module.css';

/**
 * The standard sentence: the first sentence of the Rainbow Passage (Fairbanks 1960, "Voice and
 * Articulation Drillbook"), the phonetically balanced reading most used in English voice
 * clinics; the AVQI method takes voiced parts of any read text.
 */
export const STANDARD_SENTENCE =
  'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow.';

const STEPS: Record<TakeKind, { title: string; how: string }> = {
  vowel: {
    title: 'hold a comfortable “ah”',
    how: 'Breathe in, then say “ah” at a comfortable pitch and loudness, steady, for at least 3 seconds. The recording stops by itself.',
  },
  sentence: {
    title: 'read this sentence aloud',
    how: 'Read it at your usual pace and loudness. The recording stops by itself when you finish.',
  },
  breath: {
    title: 'breath support: hold “ah” as long as is comfortable',
    how: 'Take a deep breath and hold “ah” on one note for as long as is comfortable, without straining. The recording stops when you do. This step is optional.',
  },
};

/** The guided check: three steps, each started with "Record" and ending by itself, then the result. */
export function AssessmentCheck({ deps, onClose }: { deps: CheckDeps; onClose(): void }) {
  const { state, level, seconds, record, skipBreath, restart } = useAssessmentCheck(deps);
  // A new step (or the result) takes the focus, so a screen reader reads what to do next.
  const heading = useRef<HTMLHeadingElement>(null);
  const where = state.screen === 'step' ? state.step : state.screen;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [where]);
  return (
    <div className={styles.check} data-testid="assessment-check">
      <div className={styles.checkHeader}>
        <h2 className={styles.cardTitle}>voice assessment</h2>
        <button type="button" className={styles.link} onClick={onClose}>
          close
        </button>
      </div>
      {state.screen === 'step' && (
        <section className={styles.card} aria-labelledby="assessment-step-title">
          <p className={styles.muted}>step {STEP_NUMBER[state.step]} of 3</p>
          <h3 id="assessment-step-title" className={styles.stepTitle} ref={heading} tabIndex={-1}>
            {STEPS[state.step].title}
          </h3>
          {state.step === 'sentence' && (
            <figure className={styles.sentence}>
              <blockquote data-testid="standard-sentence">{STANDARD_SENTENCE}</blockquote>
              <figcaption className={styles.muted}>The Rainbow Passage (Fairbanks, 1960)</figcaption>
            </figure>
          )}
          <p>{STEPS[state.step].how}</p>
          {state.problem && (
            <div role="alert" className={styles.problem} data-testid="take-problem">
              <strong>Let’s try that again.</strong> {state.problem}
            </div>
          )}
          <LevelMeter level={level} />
          {state.phase === 'recording' ? (
            <p role="status" className={styles.recording}>
              Recording… {seconds.toFixed(1)} s
            </p>
          ) : (
            <button type="button" className={styles.primary} onClick={record}>
              Record
            </button>
          )}
          {state.step === 'breath' && state.phase === 'ready' && (
            <button type="button" className={styles.secondary} onClick={skipBreath}>
              skip this step
            </button>
          )}
        </section>
      )}
      {state.screen === 'analysing' && (
        <p role="status" className={styles.card}>
          Analysing your voice on this phone…
        </p>
      )}
      {state.screen === 'failed' && (
        <div role="alert" className={styles.card}>
          <p>{state.message}</p>
          <button type="button" className={styles.secondary} onClick={restart}>
            start again
          </button>
        </div>
      )}
      {state.screen === 'result' && (
        <AssessmentResultView
          headingRef={heading}
          result={state.result}
          mptSeconds={state.mptSeconds}
          recordedAt={state.recordedAt}
          onAgain={restart}
        />
      )}
      <p className={styles.muted}>
        Everything is analysed on this device: no recording is ever uploaded. The recordings are gone when you
        close this check.
      </p>
    </div>
  );
}
