import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { AfterFeeling } from '../emotions/FeelingQuestion';
import { ReflectPanel } from './ReflectPanel';
import styles from './EndDialog.module.css';
import { EarnedList } from '../rewards/EarnedList';
import type { CompletionResult } from './player-api';

interface EndDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: string;
  sessionId: number;
  canVocal: boolean;
  canInstrumental: boolean;
  bursting: boolean;
  onPlayAgain: () => void;
  onPlayMusic: () => void;
  onComplete: () => void;
  /** A listening-room track: "listening complete", never a session. */
  listening?: boolean;
  /** The completion's answer, when it came while the dialog is still open: what it earned. */
  result?: CompletionResult | null;
}

/** Opens when the track ends: an encouraging line and four ways to go on (spec core §4.5). */
export function EndDialog(props: EndDialogProps) {
  const { open, onOpenChange, line, sessionId, canVocal, canInstrumental, bursting } = props;
  const [reflecting, setReflecting] = useState(false);
  const change = (next: boolean) => {
    if (!next) setReflecting(false);
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} data-testid="end-dialog">
          <Dialog.Title className={styles.title}>
            {props.listening ? 'listening complete' : 'session complete'}
          </Dialog.Title>
          <Dialog.Description className={styles.line}>{line}</Dialog.Description>
          {props.result && (
            <div aria-live="polite">
              <EarnedList
                badges={props.result.newBadges}
                streakRewards={props.result.streakRewards}
                queued={props.result.queued && !props.result.listening}
              />
            </div>
          )}
          <AfterFeeling kind="catalogue" itemId={sessionId} fit="above" />
          <div className={styles.options}>
            {canVocal && (
              <button type="button" className={styles.option} onClick={props.onPlayAgain} disabled={bursting}>
                play again
              </button>
            )}
            {canInstrumental && (
              <button type="button" className={styles.option} onClick={props.onPlayMusic} disabled={bursting}>
                play just the music
              </button>
            )}
            <button
              type="button"
              className={styles.option}
              aria-expanded={reflecting}
              onClick={() => setReflecting((r) => !r)}
              disabled={bursting}
            >
              reflect
            </button>
            {reflecting && <ReflectPanel sessionId={sessionId} onSaved={() => setReflecting(false)} />}
            <button
              type="button"
              className={`${styles.option} ${styles.complete} ${bursting ? styles.bursting : ''}`}
              onClick={props.onComplete}
              aria-busy={bursting || undefined}
            >
              <span>i feel complete</span>
              {bursting && <Burst />}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A short ring of sparks around the button; hidden under reduced motion by the CSS. */
function Burst() {
  return (
    <span className={styles.burst} aria-hidden>
      {Array.from({ length: 10 }, (_, i) => (
        <span key={i} className={styles.ray} style={{ transform: `rotate(${i * 36}deg)` }}>
          <span className={styles.spark} />
        </span>
      ))}
    </span>
  );
}
