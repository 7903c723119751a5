import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from './auth-store';
import { AuthCard } from './AuthCard';
import styles from './AuthCard.module.css';
import { AuthLoading } from './AuthLoading';
import { linkErrorMessage, parseLinkError } from './reset-link';
import { validateNewPassword } from './validation';

/**
 * The landing of the recovery mail. The client reads the session from the URL fragment at
 * boot (PASSWORD_RECOVERY) and holds it, so the new password is set with updateUser. A
 * broken or expired link (error in the fragment), or no session at all, offers a new link.
 */
export function ResetPasswordScreen() {
  const loading = useAuthStore((s) => s.loading);
  const session = useAuthStore((s) => s.session);
  const [linkError] = useState(() => parseLinkError(window.location.hash));

  useEffect(() => {
    // Keep the technical fragment out of the address bar (and out of bookmarks).
    if (linkError) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [linkError]);

  if (loading) return <AuthLoading />;
  if (linkError || !session) {
    return (
      <AuthCard title="reset your password" subtitle="Let's get you a fresh link.">
        <Alert>
          {linkError
            ? linkErrorMessage(linkError)
            : 'Open the link from your password-reset email to choose a new password.'}
        </Alert>
        <Link to="/forgot-password" className={styles.buttonLink}>
          request a new link
        </Link>
        <p className={styles.footer}>
          <Link to="/">back to sign in</Link>
        </p>
      </AuthCard>
    );
  }
  return <NewPasswordForm />;
}

function NewPasswordForm() {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateNewPassword(password, confirm);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const { error: authError } = await (await supabase()).auth.updateUser({ password });
      if (authError) setError(authError.message);
      else setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not change the password. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <AuthCard title="all set" subtitle="Your new password is ready.">
        <Alert tone="success">Your password has been changed. You are signed in.</Alert>
        <Button block onClick={() => navigate('/home', { replace: true })}>
          continue to home
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="choose a new password" subtitle="At least 8 characters; something only you would know.">
      <form className={styles.form} onSubmit={submit} noValidate>
        {error && <Alert>{error}</Alert>}
        <TextField
          label="New password"
          revealable
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          revealable
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" block loading={busy}>
          {busy ? 'saving…' : 'save new password'}
        </Button>
      </form>
      {/* Issue 20: no dead ends. The link's session is a real one: keeping the old password is a choice. */}
      <p className={styles.footer}>
        Changed your mind? <Link to="/home">back to home</Link>
      </p>
    </AuthCard>
  );
}
