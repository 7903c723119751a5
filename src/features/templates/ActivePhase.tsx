import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { formatCountdown, type ClockView } from './session-clock';
import type { SessionTemplate } from './template-api';
import type { useStepCue } from './use-step-cue';
import type { VoiceMeter } from './use-voice-meter';
import { VoiceView } from './VoiceView';
import { StepTarget } from '../pitch-match/StepTarget';
import styles from './Templates.module.css';

interface ActivePhaseProps {
  template: SessionTemplate;
  view: ClockView;
  paused: boolean;
  meter: VoiceMeter;
  cue: ReturnType<typeof useStepCue>;
  onPauseResume: () => void;
  onSkip: () => void;
  onFinish: () => void;
}

/** Spec: countdown, 'step x of n', percent complete, waveform, current exercise, pause/resume, finish, skip. */
export function ActivePhase({
  template,
  view,
  paused,
  meter,
  cue,
  onPauseResume,
  onSkip,
  onFinish,
}: ActivePhaseProps) {
  const steps = template.instructions;
  const step = steps[view.stepIndex]!;
  const next = steps[view.stepIndex + 1];
  return (
    <section className={styles.screen} aria-labelledby="active-title">
      <div className={styles.activeHead}>
        <h1 id="active-title" className={styles.activeTitle}>
          {template.title}
        </h1>
        <button
          type="button"
          className={styles.muteButton}
          aria-pressed={!cue.muted}
          onClick={cue.toggleMuted}
        >
          {cue.muted ? 'Voice guide off' : 'Voice guide on'}
        </button>
      </div>
      <div className={styles.progressRow}>
        <span data-testid="step-of">
          step {view.stepIndex + 1} of {steps.length}
        </span>
        <span data-testid="percent">{view.percent}% complete</span>
      </div>
      <ProgressBar percent={view.percent} label="Session progress" />
      <p
        className={styles.countdown}
        role="timer"
        aria-label={`${formatCountdown(view.remainingSec)} left in this step`}
        data-testid="countdown"
      >
        {formatCountdown(view.remainingSec)}
      </p>
      {paused && (
        <p className={styles.pausedNote} role="status">
          Paused
        </p>
      )}
      <div className={styles.exercise}>
        <h2 className={styles.exerciseLabel}>Current exercise</h2>
        <p className={styles.exerciseText} aria-live="polite" data-testid="current-exercise">
          {step.text}
        </p>
        {next && (
          <p className={styles.upNext}>
            <span className={styles.upNextLabel}>Up next:</span> {next.text}
          </p>
        )}
      </div>
      {step.exercise && (
        <StepTarget
          key={view.stepIndex}
          exerciseId={step.exercise}
          templateId={template.id}
          beforeSinging={meter.stop}
        />
      )}
      <VoiceView meter={meter} paused={paused} />
      <div className={styles.controls}>
        <Button variant="secondary" onClick={onSkip}>
          Skip step
        </Button>
        <Button onClick={onPauseResume}>{paused ? 'Resume' : 'Pause'}</Button>
        <Button variant="ghost" onClick={onFinish}>
          Finish
        </Button>
      </div>
    </section>
  );
}
