import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { preloadLandingScreen } from '../app/route-preload';
import { appRoutes } from '../app/router';
import { useAuthStore } from '../features/auth/auth-store';

/**
 * The screens whose markup is rendered at build time (scripts/prerender.mjs) and sent inside
 * `<div id="root">` so they paint before any JavaScript runs (src/app/first-paint.ts). Each must
 * render the same for every signed-out visitor with nothing stored in the browser.
 */
export const SHELL_ROUTES = ['/', '/signup', '/tuning-room'];

/**
 * The markup of the browser's first commit of `url` for such a visitor, made the same way
 * src/main.tsx makes it (a client render, not React's server renderer, whose stores would give
 * their initial state): boot has read no session and ended loading, the landing screen is
 * downloaded, nothing else has happened. Runs on jsdom's document.
 */
export async function renderShell(url: string): Promise<string> {
  useAuthStore.setState({ loading: false });
  await preloadLandingScreen(url);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [url] });
  flushSync(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  const html = container.innerHTML;
  root.unmount();
  container.remove();
  return html;
}
