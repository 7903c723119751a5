import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import styles from './VoiceNotes.module.css';

/**
 * A small dialog that asks before it acts (share, rename, delete, report, withdraw): the safe
 * choice has the focus, the action shows it is busy, and a refusal (offline, or the server's
 * words) stays in the dialog instead of closing it.
 */
export function ActionDialog({
  trigger,
  triggerLabel,
  triggerClass,
  title,
  children,
  confirm,
  cancel = 'cancel',
  danger,
  canConfirm = true,
  onConfirm,
  onOpen,
}: {
  trigger: ReactNode;
  /** The trigger's accessible name when its text alone is not enough ("rename Morning hum"). */
  triggerLabel?: string;
  triggerClass?: string;
  title: string;
  children: ReactNode;
  confirm: string;
  cancel?: string;
  danger?: boolean;
  canConfirm?: boolean;
  /** Resolves when done (the dialog closes); throws to show why not. */
  onConfirm: () => Promise<void>;
  onOpen?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      console.warn(`Could not ${confirm}`, err);
      setError(writeErrorText(err, 'That did not work just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) onOpen?.();
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={triggerClass ?? styles.textButton} aria-label={triggerLabel}>
          {trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          <div className={styles.dialogText}>{children}</div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button variant="secondary" autoFocus>
                {cancel}
              </Button>
            </Dialog.Close>
            <Button
              className={danger ? styles.dangerSolid : undefined}
              loading={busy}
              disabled={!canConfirm}
              onClick={() => void act()}
            >
              {confirm}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
