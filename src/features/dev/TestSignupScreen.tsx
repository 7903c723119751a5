import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiRequestError, apiJson } from '../../lib/api';
import { supabase } from '../../lib/supabase';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { AuthLoading } from '../auth/AuthLoading';
import { browserSessionMark, recordRememberChoice } from '../auth/remember-me';
import { NotFoundScreen } from '../shell/NotFoundScreen';
import { generateTestCredentials } from './test-credentials';
import { useRuntimeConfig } from './useRuntimeConfig';
import styles from '../../ui/Screen.module.css';

type Result = { tone: 'success' | 'error' | 'info'; text: string; signedIn?: boolean };

/**
 * `/test-signup`, a developer page: only in demo mode (otherwise it does not exist: 404).
 * Credentials are generated per visit and can be edited.
 */
export function TestSignupScreen() {
  const config = useRuntimeConfig();
  if (config.isPending) return <AuthLoading />;
  if (config.data?.demoMode !== true) return <NotFoundScreen />;
  return <TestSignup />;
}

function TestSignup() {
  const [creds, setCreds] = useState(() => generateTestCredentials());
  const [busy, setBusy] = useState<'signup' | 'signin' | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  /**
   * The demo server's own test-account route makes the account already confirmed, so the
   * developer is signed in at once even when new members must confirm by mail (issue 8).
   */
  async function createAccount() {
    setBusy('signup');
    try {
      await apiJson('POST', '/api/dev/test-accounts', creds);
      const { error } = await (
        await supabase()
      ).auth.signInWithPassword({
        email: creds.email,
        password: creds.password,
      });
      if (error) setResult({ tone: 'error', text: `Account created, but sign-in failed: ${error.message}` });
      else {
        recordRememberChoice(localStorage, browserSessionMark(), false, Date.now());
        setResult({
          tone: 'success',
          text: `Account created and signed in as ${creds.email}.`,
          signedIn: true,
        });
      }
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.serverMessage : 'The server could not be reached.';
      setResult({ tone: 'error', text: `Sign-up failed: ${message}` });
    } finally {
      setBusy(null);
    }
  }

  async function signIn() {
    setBusy('signin');
    try {
      const { error } = await (
        await supabase()
      ).auth.signInWithPassword({
        email: creds.email,
        password: creds.password,
      });
      if (error) setResult({ tone: 'error', text: `Sign-in failed: ${error.message}` });
      else {
        recordRememberChoice(localStorage, browserSessionMark(), false, Date.now());
        setResult({ tone: 'success', text: `Signed in as ${creds.email}.`, signedIn: true });
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className={styles.screen} aria-labelledby="dev-title">
      <h1 id="dev-title">Developer sign-up</h1>
      <p className={styles.lead}>Demo mode only. Test credentials, fresh for this visit.</p>
      <div className={styles.card}>
        <TextField
          label="Email"
          value={creds.email}
          onChange={(e) => setCreds({ ...creds, email: e.target.value })}
        />
        <TextField
          label="Password"
          revealable
          value={creds.password}
          onChange={(e) => setCreds({ ...creds, password: e.target.value })}
        />
        <Button
          block
          loading={busy === 'signup'}
          disabled={busy !== null}
          onClick={() => void createAccount()}
        >
          Create test account
        </Button>
        <Button
          block
          variant="secondary"
          loading={busy === 'signin'}
          disabled={busy !== null}
          onClick={() => void signIn()}
        >
          Sign in with these credentials
        </Button>
        <Button variant="ghost" onClick={() => setCreds(generateTestCredentials())}>
          New credentials
        </Button>
      </div>
      {result && (
        <Alert tone={result.tone}>
          {result.text} {result.signedIn && <Link to="/">Continue into the app</Link>}
        </Alert>
      )}
      {/* Issue 20: no dead ends, also before an account exists. */}
      {!result?.signedIn && <Link to="/">Back to sign in</Link>}
    </section>
  );
}
