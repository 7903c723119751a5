import { useState, type FormEvent } from 'react';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import styles from './AuthCard.module.css';
import { explainEmailLinkError, takenEmailLinkError } from './email-link-error';
import { EMAIL_PATTERN } from './validation';
import { offlineText } from '../../lib/outbox/online-only';

/**
 * Shown on sign-in when the member arrived from an email link that failed (issue 8 item 4):
 * what happened, and a way to get a fresh confirmation mail. The answer is the same whether
 * or not the address has an account waiting, so the page reveals nothing about who is a member.
 */
export function EmailLinkNotice() {
  const [linkError] = useState(takenEmailLinkError);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  if (!linkError) return null;

  async function resend(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    if (!EMAIL_PATTERN.test(trimmed)) return setProblem('Please enter a valid email address');
    setProblem(null);
    const offline = offlineText('Sending the confirmation mail again');
    if (offline) return setProblem(offline);
    setBusy(true);
    try {
      const { error } = await (
        await supabase()
      ).auth.resend({
        type: 'signup',
        email: trimmed,
        options: { emailRedirectTo: `${window.location.origin}/` },
      });
      // A rate limit concerns this browser, not the address: safe and useful to say.
      if (error?.status === 429) return setProblem(error.message);
      if (error) {
        console.warn('Resending the confirmation mail failed', error);
        return setProblem('We could not send the mail just now. Please try again in a moment.');
      }
      setSent(true);
    } catch (err) {
      console.warn('Resending the confirmation mail failed', err);
      setProblem('We could not send the mail just now. Please try again in a moment.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="email link" className={styles.form}>
      <Alert>{explainEmailLinkError(linkError)}</Alert>
      {sent ? (
        <Alert tone="success">
          If <strong>{email.trim()}</strong> is waiting for confirmation, a new link is on its way. It works
          once.
        </Alert>
      ) : (
        <form className={styles.form} onSubmit={resend} noValidate>
          {problem && <Alert>{problem}</Alert>}
          <TextField
            label="Address for a new link"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="secondary" block loading={busy}>
            resend the confirmation email
          </Button>
        </form>
      )}
    </section>
  );
}
