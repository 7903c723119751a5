import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { preloadSupabase, supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { ACCOUNT_DELETED_TEXT, isAccountDeleted } from './account-deleted';
import { hasPendingOnboarding } from '../onboarding/pending-store';
import { destinationAfterSignIn } from './after-sign-in';
import { useAuthStore } from './auth-store';
import { AuthCard } from './AuthCard';
import styles from './AuthCard.module.css';
import { AuthLoading } from './AuthLoading';
import { browserSessionMark, recordRememberChoice } from './remember-me';
import { EmailLinkNotice } from './EmailLinkNotice';
import { RETURN_PARAM, safeReturnPath } from './RequireMember';
import { resolveSignedInLanding } from './signed-in-landing';
import { validateSignIn } from './validation';
import { offlineText } from '../../lib/outbox/online-only';

/**
 * Sign-in (`/` and `/login`). While the stored session is read it shows a loading state; a
 * member who is already signed in is sent on instead of seeing the form.
 */
export function SignInScreen() {
  const loading = useAuthStore((s) => s.loading);
  const session = useAuthStore((s) => s.session);
  // Set while our own form signs in, so the "already signed in" path does not race it.
  const submitting = useRef(false);
  const recovering = useAuthStore((s) => s.passwordRecovery);
  if (loading) return <AuthLoading />;
  // A recovery link that landed here (e.g. a backend that falls back to its site URL).
  if (session && recovering) return <Navigate to="/reset-password" replace />;
  if (session && !submitting.current) return <SendSignedInMemberOn />;
  return <SignInForm submitting={submitting} />;
}

function SendSignedInMemberOn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  useEffect(() => {
    let live = true;
    void resolveSignedInLanding().then((landing) => {
      if (!live) return;
      const back = safeReturnPath(params.get(RETURN_PARAM));
      navigate(landing === '/intro' && back ? back : landing, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, params]);
  return <AuthLoading label="signing you in…" />;
}

function SignInForm({ submitting }: { submitting: { current: boolean } }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedOut = useAuthStore((s) => s.signedOutNotice);
  const deleted = isAccountDeleted(useLocation().state);
  const queryClient = useQueryClient();
  useEffect(() => {
    // The session ended on the server: nothing read under it may show to the next member.
    if (signedOut) queryClient.clear();
  }, [signedOut, queryClient]);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateSignIn(email, password);
    setError(invalid);
    if (invalid) return;
    const offline = offlineText('Signing in');
    if (offline) return setError(offline);
    setBusy(true);
    submitting.current = true;
    // Read before the session begins: signing in starts sending a visitor's kept answers.
    const answeredAsVisitor = hasPendingOnboarding();
    try {
      const { data, error: authError } = await (
        await supabase()
      ).auth.signInWithPassword({
        email: email.trim(),
        password,
      });
      if (authError || !data.user) {
        submitting.current = false;
        setError(authError?.message ?? 'Sign-in failed. Please try again.');
        setBusy(false);
        return;
      }
      recordRememberChoice(localStorage, browserSessionMark(), remember, Date.now());
      useAuthStore.setState({ signedOutNotice: false });
      const destination = await destinationAfterSignIn(data.user.id, answeredAsVisitor);
      const back = safeReturnPath(params.get(RETURN_PARAM));
      navigate(destination === '/intro' && back ? back : destination, { replace: true });
    } catch (err) {
      submitting.current = false;
      setError(err instanceof Error ? err.message : 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  }

  return (
    <AuthCard title="welcome back" subtitle="Sign in to pick up your voice practice where you left it.">
      <EmailLinkNotice />
      <form className={styles.form} onSubmit={submit} onFocus={preloadSupabase} noValidate>
        {deleted && !error && <Alert tone="success">{ACCOUNT_DELETED_TEXT}</Alert>}
        {signedOut && !deleted && !error && (
          <Alert tone="info">You were signed out. Please sign in again.</Alert>
        )}
        {error && <Alert>{error}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          revealable
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.row}>
          <label className={styles.check}>
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            keep me signed in
          </label>
          <Link to="/forgot-password">forgot password?</Link>
        </div>
        <Button type="submit" block loading={busy}>
          {busy ? 'tuning in…' : 'get in tune'}
        </Button>
      </form>
      <p className={styles.footer}>
        New here? <Link to="/signup">join us</Link>
      </p>
    </AuthCard>
  );
}
