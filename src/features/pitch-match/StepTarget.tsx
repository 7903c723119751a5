import { lazy, Suspense, useMemo } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { startVoiceEngineLazy } from '../tuning/lazy-engine';
import { useAccountHistory } from '../tuning/useAccountHistory';
import styles from './PitchMatch.module.css';

const MatchTheNote = lazy(() => import('./MatchTheNote').then((m) => ({ default: m.MatchTheNote })));

interface Props {
  exerciseId: string;
  templateId: number;
  /** Turns the player's own voice meter off: one microphone at a time. */
  beforeSinging: () => void;
}

/**
 * A template step sung to a target ("sing a five-note scale"): the step's exercise placed in the
 * member's range, played and scored as in the tuning room. The take is saved with the template's
 * id, so its time counts once: in the session's own save.
 */
export function StepTarget({ exerciseId, templateId, beforeSinging }: Props) {
  const history = useAccountHistory();
  const medians = useMemo(() => history.sessions.map((s) => s.pitchHz), [history.sessions]);
  return (
    <section className={styles.card} aria-labelledby="step-target-title" data-testid="step-target">
      <h2 id="step-target-title" className={styles.cardTitle}>
        sing to the target
      </h2>
      <Suspense fallback={<StateMessage kind="loading" title="loading the exercise…" />}>
        <MatchTheNote
          startEngine={startVoiceEngineLazy}
          pitchMedians={medians}
          exerciseId={exerciseId}
          templateId={templateId}
          beforeSinging={beforeSinging}
        />
      </Suspense>
    </section>
  );
}
