import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { writeErrorText } from '../../../lib/outbox/online-only';
import { supabase } from '../../../lib/supabase';
import { Button } from '../../../ui/Button';
import { FormError } from '../../../ui/FormError';
import { TextField } from '../../../ui/TextField';
import { ACCOUNT_DELETED_STATE } from '../../auth/account-deleted';
import { clearRemember } from '../../auth/remember-me';
import { deleteAccount } from './my-data-api';
import styles from './MyData.module.css';

/**
 * 'Delete my account': a clear warning and the password re-entered. A wrong password keeps the
 * dialog open with the server's message; on success the local session is dropped and the
 * member lands on sign-in (every server session has already ended), which says it worked.
 */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const submit = async () => {
    if (password === '') return setError('Enter your password.');
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(password);
    } catch (err) {
      setBusy(false);
      return setError(writeErrorText(err, 'Could not delete. Please try again.'));
    }
    try {
      await (await supabase()).auth.signOut({ scope: 'local' });
    } catch {
      // The account is gone; the local session is cleared below either way.
    }
    clearRemember(localStorage);
    queryClient.clear();
    navigate('/login', { replace: true, state: ACCOUNT_DELETED_STATE });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) {
          setPassword('');
          setError(null);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="ghost" className={styles.danger}>
          Delete my account
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          onOpenAutoFocus={(e) => {
            // Straight to the password: the warning is read as the dialog's description.
            e.preventDefault();
            document.getElementById(passwordId)?.focus();
          }}
        >
          <div className={styles.dialogTop}>
            <Dialog.Title className={styles.dialogTitle}>Delete your account?</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.warning}>
            This deletes your account and everything in it for good: your sessions, tone tokens and streaks,
            reflections (shared ones too), echoes, mood and vitals, programs and circles. It cannot be undone.
            Download your data first if you want to keep a copy.
          </Dialog.Description>
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <TextField
              id={passwordId}
              label="Your password"
              revealable
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && <FormError className={styles.error}>{error}</FormError>}
            <Button type="submit" loading={busy} className={styles.dangerSolid} block>
              Delete my account for good
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
