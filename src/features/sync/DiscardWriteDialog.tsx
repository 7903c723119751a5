import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import type { WriteText } from './describe-write';
import styles from './PendingWrites.module.css';

/**
 * "Discard" asks first and says what is lost: the write never reached Tuneful, so discarding it
 * is for good. The safe choice ("Keep it") has the focus when the dialog opens.
 */
export function DiscardWriteDialog({
  text,
  onDiscard,
  onDiscarded,
}: {
  text: WriteText;
  onDiscard: () => Promise<void>;
  /** After the dialog has closed on a discard: its trigger's row is gone, so focus goes elsewhere. */
  onDiscarded: () => void;
}) {
  const [open, setOpen] = useState(false);
  const discarded = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const discard = async () => {
    setBusy(true);
    setError(false);
    try {
      await onDiscard();
      discarded.current = true;
      setOpen(false);
    } catch (err) {
      console.warn('Could not discard the queued write', err);
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setError(false);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={styles.discardButton} aria-label={`Discard ${text.title}`}>
          Discard
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          role="alertdialog"
          onCloseAutoFocus={(e) => {
            if (!discarded.current) return;
            e.preventDefault();
            onDiscarded();
          }}
        >
          <Dialog.Title className={styles.dialogTitle}>Discard this?</Dialog.Title>
          <Dialog.Description asChild>
            <div className={styles.dialogText}>
              <p className={styles.dialogWhat}>{text.title}</p>
              {text.excerpt && <blockquote className={styles.excerpt}>{text.excerpt}</blockquote>}
              <p>
                It has not reached Tuneful yet. Discarding deletes it from this device and it is never sent.{' '}
                {text.lost}
              </p>
            </div>
          </Dialog.Description>
          {error && <FormError className={styles.error}>Could not discard it. Try again.</FormError>}
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button variant="secondary" autoFocus>
                Keep it
              </Button>
            </Dialog.Close>
            <Button className={styles.dangerSolid} loading={busy} onClick={() => void discard()}>
              Discard
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
