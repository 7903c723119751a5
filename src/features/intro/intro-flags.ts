import { storageKeys } from '../../lib/storage-keys';

/**
 * The 'from intro' flag (spec: browser storage entries): set in sessionStorage when the intro
 * hands over to /home; home removes it when shown. Home calls `takeFromIntroFlag()`, which
 * returns whether the member just came from the intro and removes the flag.
 */
export function setFromIntroFlag(session: Storage = sessionStorage): void {
  session.setItem(storageKeys.fromIntro, 'true');
}

export function takeFromIntroFlag(session: Storage = sessionStorage): boolean {
  const was = session.getItem(storageKeys.fromIntro) === 'true';
  session.removeItem(storageKeys.fromIntro);
  return was;
}

/** Spec timings: the logo fades in after 200 ms; the intro hands over to /home after 3 s. */
export const INTRO_LOGO_DELAY_MS = 200;
export const INTRO_DURATION_MS = 3000;

/** Navigation state that selects the after-onboarding variant of the intro. */
export interface IntroState {
  fromOnboarding?: boolean;
}

export function isFromOnboarding(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as IntroState).fromOnboarding === true;
}
