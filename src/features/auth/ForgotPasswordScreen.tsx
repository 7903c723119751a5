import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthCard } from './AuthCard';
import styles from './AuthCard.module.css';
import { EMAIL_PATTERN } from './validation';
import { offlineText } from '../../lib/outbox/online-only';

/**
 * Asks for a password-reset mail. The confirmation is the same whether or not the address
 * has an account (and even when the request fails), so the page never reveals who is a
 * member; only a malformed address or a rate limit is reported.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) return setError('Please fill in all fields');
    if (!EMAIL_PATTERN.test(trimmed)) return setError('Please enter a valid email address');
    setError(null);
    const offline = offlineText('Sending a reset link');
    if (offline) return setError(offline);
    setBusy(true);
    try {
      const { error: authError } = await (
        await supabase()
      ).auth.resetPasswordForEmail(trimmed, {
        redirectTo: `${window.location.origin}/reset-password`,
      });
      // A rate limit is about this browser, not the address, so it is safe and useful to say.
      if (authError?.status === 429) return setError(authError.message);
      if (authError) console.warn('Password reset request failed', authError);
      setSent(true);
    } catch (err) {
      console.warn('Password reset request failed', err);
      setSent(true);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <AuthCard title="check your inbox" subtitle="Your way back in is on its way.">
        <Alert tone="success">
          If an account exists for <strong>{email.trim()}</strong>, we have sent a link to choose a new
          password. It works once and expires after a while.
        </Alert>
        <p className={styles.footer}>
          <Link to="/">back to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one."
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" block loading={busy}>
          {busy ? 'sending…' : 'send reset link'}
        </Button>
      </form>
      <p className={styles.footer}>
        Remembered it? <Link to="/">back to sign in</Link>
      </p>
    </AuthCard>
  );
}
