import { createElement, lazy, type ComponentType } from 'react';

/**
 * The screens people land on directly (a bookmark, a shared link). Their download starts at boot
 * (and in the page's head: server/lib/route-preloads.ts), in parallel with the entry chunk, and
 * boot waits for it before the first render, so the screen renders in the first commit. Through
 * React.lazy alone it would suspend once even when already downloaded, show 'loading…', and
 * React holds a revealed boundary back for 300 ms after a fallback: half a second of LCP at 4x
 * CPU. Only add screens opened from outside the app.
 */
const LANDING_SCREENS = {
  '/tuning-room': () => import('../features/tuning/TuningRoomScreen').then((m) => m.TuningRoomScreen),
  '/home': () => import('../features/home/HomeScreen').then((m) => m.HomeScreen),
  // The account screens are kept out of the entry chunk that every signed-in start downloads
  // (the /home budget); a visitor's browser fetches them beside it.
  '/': () => import('../features/auth/SignInScreen').then((m) => m.SignInScreen),
  '/login': () => import('../features/auth/SignInScreen').then((m) => m.SignInScreen),
  '/signup': () => import('../features/auth/SignUpScreen').then((m) => m.SignUpScreen),
} satisfies Record<string, () => Promise<ComponentType>>;

type LandingPath = keyof typeof LANDING_SCREENS;

const loaded = new Map<LandingPath, ComponentType>();
const pending = new Map<LandingPath, Promise<ComponentType>>();

function load(path: LandingPath): Promise<ComponentType> {
  let promise = pending.get(path);
  if (!promise) {
    promise = LANDING_SCREENS[path]().then((screen) => {
      loaded.set(path, screen);
      return screen;
    });
    // A failed download may be retried (React.lazy shows the error boundary if it fails again).
    promise.catch(() => pending.delete(path));
    pending.set(path, promise);
  }
  return promise;
}

/** Starts the landing screen's download; resolves when it is ready (never rejects). */
export function preloadLandingScreen(pathname: string): Promise<void> {
  if (!(pathname in LANDING_SCREENS)) return Promise.resolve();
  return load(pathname as LandingPath).then(
    () => undefined,
    () => undefined,
  );
}

/** The screen as a component: rendered at once when downloaded, through React.lazy otherwise. */
export function landingScreen(path: LandingPath): ComponentType {
  const Lazy = lazy(() => load(path).then((screen) => ({ default: screen })));
  function LandingScreen() {
    const screen = loaded.get(path);
    return createElement(screen ?? Lazy);
  }
  LandingScreen.displayName = `LandingScreen(${path})`;
  return LandingScreen;
}
