import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { useCompletedSessions } from '../profile/profile-queries';
import { useShareReflection } from './community-api';
import {
  canSubmitReflection,
  parsePickerValue,
  pickerValue,
  uniqueCompletedSessions,
} from './community-text';
import styles from './CommunityScreen.module.css';

const CLOSE_FADE_MS = 600;

/**
 * 'add reflection' (spec §2): only completed sessions can be chosen; shared anonymously unless
 * the member unticks the box. On success the lists refresh and the modal fades out over 600 ms
 * with its form cleared; on failure (logged only) it stays open with the text kept.
 */
export function AddReflectionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const completed = useCompletedSessions();
  const share = useShareReflection();
  const [choice, setChoice] = useState<{ kind: 'catalogue' | 'template'; sessionId: number } | null>(null);
  const sessionId = choice?.sessionId ?? null;
  const [text, setText] = useState('');
  const [anonymous, setAnonymous] = useState(true);
  const [closing, setClosing] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const ids = { session: useId(), text: useId(), anon: useId() };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const reset = () => {
    setChoice(null);
    setText('');
    setAnonymous(true);
    setClosing(false);
  };
  const submit = async () => {
    if (!canSubmitReflection(sessionId, text, share.isPending) || choice === null) return;
    try {
      await share.mutateAsync({ ...choice, reflectionText: text.trim(), anonymous });
    } catch {
      return; // logged by the mutation; the modal keeps the text
    }
    setClosing(true);
    timer.current = window.setTimeout(() => {
      onOpenChange(false);
      reset();
    }, CLOSE_FADE_MS);
  };
  // Every session of the ledger's list: catalogue sessions and guided exercises (issue 20).
  const shownCompleted = useSavedBlock(completed, 'your completed sessions');
  const sessions = uniqueCompletedSessions(shownCompleted.data ?? []);

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !closing && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className={`${styles.overlay} ${closing ? styles.fadeOut : ''}`} />
        <Dialog.Content
          className={`${styles.dialog} ${closing ? styles.fadeOut : ''}`}
          aria-describedby={undefined}
        >
          <div className={styles.dialogTop}>
            <Dialog.Title className={styles.dialogTitle}>add reflection</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          {shownCompleted.data === undefined ? (
            shownCompleted.fallback
          ) : sessions.length === 0 ? (
            <StateMessage kind="empty" title="complete a session first to share a reflection" />
          ) : (
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <label htmlFor={ids.session} className={styles.label}>
                session
              </label>
              <select
                id={ids.session}
                className={styles.field}
                value={choice ? pickerValue(choice) : ''}
                onChange={(e) => setChoice(parsePickerValue(e.target.value))}
              >
                <option value="">choose a completed session</option>
                {sessions.map((s) => (
                  <option key={pickerValue(s)} value={pickerValue(s)}>
                    {s.kind === 'template' ? `${s.title} (guided exercise)` : s.title}
                  </option>
                ))}
              </select>
              <label htmlFor={ids.text} className={styles.label}>
                your reflection
              </label>
              <textarea
                id={ids.text}
                className={`${styles.field} ${styles.textarea}`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={5}
                placeholder="what did this session bring up for you?"
              />
              <label className={styles.check} htmlFor={ids.anon}>
                <input
                  id={ids.anon}
                  type="checkbox"
                  checked={anonymous}
                  onChange={(e) => setAnonymous(e.target.checked)}
                />
                share anonymously
              </label>
              <Button
                type="submit"
                block
                disabled={!canSubmitReflection(sessionId, text, share.isPending) || closing}
              >
                {share.isPending ? 'sharing...' : 'share reflection'}
              </Button>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
