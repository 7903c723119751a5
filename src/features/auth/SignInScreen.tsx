import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { destinationAfterSignIn } from './after-sign-in';
import { AuthCard } from './AuthCard';
import styles from './AuthCard.module.css';
import { recordRememberChoice } from './remember-me';
import { validateSignIn } from './validation';

export function SignInScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateSignIn(email, password);
    setError(invalid);
    if (invalid) return;
    setLoading(true);
    try {
      const { data, error: authError } = await supabase().auth.signInWithPassword({ email: email.trim(), password });
      if (authError || !data.user) {
        setError(authError?.message ?? 'Sign-in failed. Please try again.');
        return;
      }
      recordRememberChoice(localStorage, sessionStorage, remember, Date.now());
      navigate(await destinationAfterSignIn(data.user.id));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Sign-in failed. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthCard title="welcome back" subtitle="Sign in to pick up your voice practice where you left it.">
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
        <Button type="submit" block loading={loading}>
          {loading ? 'tuning in…' : 'get in tune'}
        </Button>
      </form>
      <p className={styles.footer}>
        New here? <Link to="/signup">join us</Link>
      </p>
    </AuthCard>
  );
}
