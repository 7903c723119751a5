import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { App } from './app/App';
import { endShell, shellPaintRecorded, takeSignInShell, usableShell } from './app/first-paint';
import { preloadLandingScreen } from './app/route-preload';
import { startAuthSync, useAuthStore } from './features/auth/auth-store';
import { browserSessionMark, shouldEndStoredSignIn } from './features/auth/remember-me';
import { captureEmailLinkError } from './features/auth/email-link-error';
import { clearOfflineData, startOffline } from './features/offline/register-sw';
import { setAccessTokenSource } from './lib/api';
import { fetchRuntimeConfig, inlineRuntimeConfig } from './lib/runtime-config';
import {
  chooseBackend,
  configureSupabase,
  hasStoredSession,
  supabase,
  whenSupabaseLoads,
} from './lib/supabase';
import './styles/global.css';

/**
 * Boot order matters: the Supabase client must exist before the router rewrites the URL, so
 * a session arriving in an email link's fragment is read.
 */
async function boot(): Promise<void> {
  const container = document.getElementById('root')!;
  const root = createRoot(container);
  // A visitor on a member's page whose HTML carries the sign-in screen goes there now.
  takeSignInShell(container, window.location, window.history);
  const landing = preloadLandingScreen(window.location.pathname);
  // The static first paint stays until the first render replaces it, if it may show at all.
  const shell = usableShell(container, window.location.pathname);
  if (!shell) endShell(container, true);
  // The service worker (offline shell, catalogue, downloads) registers once the page has loaded.
  startOffline();
  try {
    // Before the client reads (and the router rewrites) the URL: a failed email link's reason.
    captureEmailLinkError(window.location);
    const config = inlineRuntimeConfig(document) ?? (await fetchRuntimeConfig());
    configureSupabase(chooseBackend(config, localStorage, window.location.origin));
    const fromEmailLink = /(^#|&)(access_token|error_description)=/.test(window.location.hash);
    if (fromEmailLink || hasStoredSession(localStorage)) {
      // A session to read or end: the client is needed before the first screen decides.
      const client = await supabase();
      if (shouldEndStoredSignIn(localStorage, browserSessionMark(), Date.now(), fromEmailLink)) {
        await client.auth
          .signOut({ scope: 'local' })
          .catch((err: unknown) => console.error('Sign-out failed', err));
        // Ended before the app saw it, so the sign-out watcher cannot: clear the offline copies here.
        await clearOfflineData();
      }
      startAuthSync(client);
    } else {
      // Nobody is signed in here: show the screen now; supabase-js loads when a form needs it.
      useAuthStore.setState({ loading: false });
      whenSupabaseLoads(startAuthSync);
    }
    setAccessTokenSource(async () => useAuthStore.getState().session?.access_token ?? null);
    // Downloading beside the entry chunk since the page's head named it: rendered in the first
    // commit, without 'loading…' first (src/app/route-preload.ts).
    await landing;
    if (shell) await shellPaintRecorded();
    // Synchronous, so the static markup is replaced and the page usable in the same task.
    flushSync(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    endShell(container, false);
  } catch (err) {
    console.error('The app could not start', err);
    endShell(container, true);
    root.render(<BootError />);
  }
}

function BootError() {
  return (
    <div role="alert" style={{ padding: '2.5rem 1.5rem', maxWidth: 512, margin: '0 auto' }}>
      <h1>We can't reach Tuneful right now</h1>
      <p>Check your connection and try again in a moment.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </div>
  );
}

void boot();
