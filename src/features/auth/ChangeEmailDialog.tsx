import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from './auth-store';
import { EMAIL_PATTERN } from './validation';
import styles from './ChangeEmail.module.css';
import { offlineText } from '../../lib/outbox/online-only';

/**
 * 'change e-mail' from the profile settings (issue 8). A secure change: the auth service mails
 * both the current and the new address, and the address changes only when both links are
 * followed, so a borrowed unlocked phone cannot move someone's account to another inbox.
 */
export function ChangeEmailDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Where focus goes on close (the menu item that opened it is gone by then). */
  returnFocus: () => void;
}) {
  const current = useAuthStore((s) => s.user?.email ?? '');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const change = (next: boolean) => {
    if (!next) {
      setEmail('');
      setProblem(null);
      setSentTo(null);
    }
    onOpenChange(next);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = email.trim().toLowerCase();
    if (!EMAIL_PATTERN.test(next)) return setProblem('Please enter a valid email address');
    if (next === current.toLowerCase()) return setProblem('That is already your email address.');
    setProblem(null);
    const offline = offlineText('Changing your email address');
    if (offline) return setProblem(offline);
    setBusy(true);
    try {
      const { error } = await (
        await supabase()
      ).auth.updateUser({ email: next }, { emailRedirectTo: `${window.location.origin}/profile` });
      if (error) setProblem(error.message);
      else setSentTo(next);
    } catch (err) {
      console.warn('Changing the email address failed', err);
      setProblem('We could not reach the server. Please try again in a moment.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
        >
          <div className={styles.top}>
            <Dialog.Title className={styles.title}>change e-mail</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <p className={styles.current}>
            You sign in with <strong>{current}</strong>.
          </p>
          {sentTo ? (
            <>
              <Alert tone="success">
                Almost done. We sent a confirmation link to <strong>{current}</strong> and another to{' '}
                <strong>{sentTo}</strong>. Open both links to finish the change; until then you keep signing
                in with {current}.
              </Alert>
              <Dialog.Close asChild>
                <Button block>done</Button>
              </Dialog.Close>
            </>
          ) : (
            <form className={styles.form} onSubmit={submit} noValidate>
              {problem && <Alert>{problem}</Alert>}
              <TextField
                label="New email address"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" block loading={busy}>
                {busy ? 'sending…' : 'send confirmation links'}
              </Button>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
