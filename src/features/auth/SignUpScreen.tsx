import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { preloadSupabase, supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { hasPendingOnboarding } from '../onboarding/pending-store';
import { AuthCard } from './AuthCard';
import styles from './AuthCard.module.css';
import { browserSessionMark, recordRememberChoice } from './remember-me';
import { validateSignUp, type SignUpForm } from './validation';
import { offlineText } from '../../lib/outbox/online-only';

const empty: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function SignUpScreen() {
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const set = (k: keyof SignUpForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateSignUp(form);
    setError(invalid);
    if (invalid) return;
    const offline = offlineText('Creating an account');
    if (offline) return setError(offline);
    setLoading(true);
    // Read before the session begins: signing up starts sending a visitor's kept answers.
    const answeredAsVisitor = hasPendingOnboarding();
    try {
      const { data, error: authError } = await (
        await supabase()
      ).auth.signUp({
        email: form.email.trim(),
        password: form.password,
        options: {
          data: { first_name: form.firstName.trim(), last_name: form.lastName.trim() },
          emailRedirectTo: `${window.location.origin}/`,
        },
      });
      if (authError) setError(authError.message);
      else if (data.session) {
        // The server confirms sign-ups itself (AUTH_AUTOCONFIRM): the member is signed in for
        // this browser session, and a new member starts with the questionnaire unless they
        // answered it before signing up (those answers are sent to the new account).
        recordRememberChoice(localStorage, browserSessionMark(), false, Date.now());
        navigate(answeredAsVisitor ? '/intro' : '/onboarding-story');
      } else setSentTo(form.email.trim());
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-up failed. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title="check your inbox" subtitle="One last step before your first session.">
        <Alert tone="success">
          We sent a verification link to <strong>{sentTo}</strong>. Open it to confirm your email, then sign
          in.
        </Alert>
        <Button block onClick={() => navigate('/')}>
          check your email &amp; sign in
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="find your voice" subtitle="Create your account to start practising.">
      <form className={styles.form} onSubmit={submit} onFocus={preloadSupabase} noValidate>
        {error && <Alert>{error}</Alert>}
        <div className={styles.twoCols}>
          <TextField
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label="Password"
          revealable
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
        />
        <TextField
          label="Confirm password"
          revealable
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
        />
        <Button type="submit" block loading={loading}>
          {loading ? 'tuning in…' : "let's tune in"}
        </Button>
      </form>
      <p className={styles.footer}>
        Already a member? <Link to="/">welcome back</Link>
      </p>
    </AuthCard>
  );
}
