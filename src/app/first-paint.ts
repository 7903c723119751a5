import { RETURN_PARAM } from '../features/auth/RequireMember';

/**
 * The static first paint (issue 13). For the screens people land on signed out (`/`, `/signup`,
 * `/tuning-room`: src/prerender/render-shell.tsx lists them; and `/home`, which sends a visitor to
 * `/`: takeSignInShell) the server puts the screen's markup, rendered at build time by
 * src/prerender/, into `<div id="root" data-shell=… inert aria-disabled="true">`, so it paints
 * before any JavaScript has run. It cannot be used yet (inert), and the first render replaces it
 * with the same markup (no layout shift). A small script in the head (server/lib/first-paint.ts)
 * hides it before the first paint when this browser would show something else there: a stored
 * session, voice analyses kept in this browser, an email link's result in the URL, or the
 * offline line.
 */
export const NO_SHELL_CLASS = 'tf-no-shell';

/**
 * The server sends a member's landing page (server/lib/first-paint.ts, SIGNED_OUT_TO_SIGN_IN)
 * with the sign-in screen's markup (data-shell="/"), for a visitor without a stored session. When
 * the guard let it show (no session, no email link, online), the visitor is sent to sign-in here,
 * before the router starts, as RequireMember would after the first render: the first render is
 * then the sign-in screen, the same markup in the same place.
 */
export function takeSignInShell(container: HTMLElement, location: Location, history: History): void {
  const path = location.pathname;
  if (container.dataset.shell !== '/' || path === '/') return;
  if (document.documentElement.classList.contains(NO_SHELL_CLASS)) return;
  const back = `${path}${location.search}`;
  history.replaceState(history.state, '', `/?${RETURN_PARAM}=${encodeURIComponent(back)}`);
}

/** True when the container holds the static markup of this very path and it may be shown. */
export function usableShell(container: HTMLElement, pathname: string): boolean {
  const shell = container.dataset.shell;
  if (shell === undefined) return false;
  return shell === pathname && !document.documentElement.classList.contains(NO_SHELL_CLASS);
}

/** The static markup is gone (or was never usable): the container is React's alone. */
export function endShell(container: HTMLElement, removeMarkup: boolean): void {
  if (container.dataset.shell === undefined) return;
  if (removeMarkup) container.replaceChildren();
  delete container.dataset.shell;
  container.removeAttribute('inert');
  container.removeAttribute('aria-disabled');
  document.documentElement.classList.remove(NO_SHELL_CLASS);
}

/**
 * Resolves once the browser has recorded the static first paint, at most `capMs` later. It was
 * painted while the entry chunk downloaded and ran, but Chromium stamps a paint's time (LCP) in a
 * later task, after the frame is shown, and drops the record if the nodes are gone by then: the
 * first render would replace them first, and LCP would report the replacement's paint instead.
 */
export function shellPaintRecorded(capMs = 250): Promise<void> {
  const type = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ? 'largest-contentful-paint'
    : 'paint';
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().length > 0) done();
      });
      observer.observe({ type, buffered: true });
    } catch {
      done();
    }
  });
}
