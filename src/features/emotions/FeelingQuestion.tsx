import { useId, useState } from 'react';
import { EMOTIONS, type Emotion, type FeelingPhase } from '../../domain/emotions';
import { isFeatureUnlocked } from '../../domain/tier-features';
import { useDashboard } from '../profile/profile-queries';
import { beginRun, currentRun } from './practice-run';
import { saveFeeling } from './emotions-api';
import styles from './Emotions.module.css';

interface Props {
  kind: 'catalogue' | 'template';
  itemId: number;
  /**
   * Fits it to where it sits: `inset` keeps a screen's side margins among full-width blocks,
   * `above` leaves room above the buttons that follow it (the player's end dialog).
   */
  fit?: 'inset' | 'above';
}

/** True once the member's level opens emotion tracking (level 2); false while unknown. */
function useEmotionTracking(): boolean {
  const tokens = useDashboard().data?.user.toneTokens;
  return tokens !== undefined && isFeatureUnlocked('emotion_tracking', tokens);
}

/**
 * "How do you feel before you begin?": where a practice starts (the catalogue player, a
 * template's intro). Mounting begins the run the completion screen asks about, for every member;
 * the question itself shows from level 2.
 */
export function BeforeFeeling({ kind, itemId, fit }: Props) {
  const [runKey] = useState(() => beginRun(kind, itemId));
  const open = useEmotionTracking();
  if (!open) return null;
  return <FeelingQuestion phase="before" kind={kind} itemId={itemId} runKey={runKey} fit={fit} />;
}

/** "How do you feel now?": on a completion screen, for the run its practice began. */
export function AfterFeeling({ kind, itemId, fit }: Props) {
  const [runKey] = useState(() => currentRun(kind, itemId));
  const open = useEmotionTracking();
  if (!open) return null;
  return <FeelingQuestion phase="after" kind={kind} itemId={itemId} runKey={runKey} fit={fit} />;
}

type Status = 'idle' | 'saving' | 'saved' | 'queued' | 'failed';

const QUESTION: Record<FeelingPhase, string> = {
  before: 'how do you feel before you begin?',
  after: 'how do you feel now?',
};

/**
 * One tap from eight feelings, saved at once (or kept on the device offline); tapping another
 * changes the answer. Optional and never in the way: nothing waits for it, and "not now" puts
 * it away in one tap.
 */
export function FeelingQuestion({
  phase,
  kind,
  itemId,
  runKey,
  fit,
}: Props & { phase: FeelingPhase; runKey: string }) {
  const [chosen, setChosen] = useState<Emotion | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [dismissed, setDismissed] = useState(false);
  const titleId = useId();
  if (dismissed) return null;

  const choose = (emotion: Emotion) => {
    setChosen(emotion);
    setStatus('saving');
    saveFeeling({ runKey, phase, emotion, kind, itemId })
      .then((r) => setStatus(r.queued ? 'queued' : 'saved'))
      .catch((err: unknown) => {
        console.warn('Could not save how the member feels', err);
        setStatus('failed');
      });
  };

  return (
    <section
      className={`${styles.question} ${fit ? styles[fit] : ''}`}
      aria-labelledby={titleId}
      data-testid={`feeling-${phase}`}
    >
      <div className={styles.questionHead}>
        <h2 id={titleId} className={styles.questionTitle}>
          {QUESTION[phase]}
        </h2>
        {status === 'idle' && (
          <button type="button" className={styles.notNow} onClick={() => setDismissed(true)}>
            not now
          </button>
        )}
      </div>
      <div className={styles.feelings} role="group" aria-labelledby={titleId}>
        {EMOTIONS.map((e) => (
          <button
            key={e}
            type="button"
            className={styles.feeling}
            aria-pressed={chosen === e}
            onClick={() => choose(e)}
          >
            {e}
          </button>
        ))}
      </div>
      <p className={styles.questionStatus} aria-live="polite" data-testid={`feeling-${phase}-status`}>
        {status === 'saved' && `Noted: ${chosen}. Tap another to change it.`}
        {status === 'queued' && `Noted on this device: ${chosen}. It will sync when you're back online.`}
        {status === 'failed' && 'That was not saved. Tap again to try once more.'}
      </p>
    </section>
  );
}
