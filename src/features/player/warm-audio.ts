import type { PlayerMode } from './player-store';

/**
 * The one audio element loaded ahead of a tap (issue 20). warm-up.ts starts loading the version
 * a session opens with in a detached `<audio preload="metadata">`; the tap that opens that session
 * plays it at once, inside the tap's own task (open-session.ts), before the player has rendered;
 * the player then takes the element as its own (PlayerAudio.tsx) instead of loading the file
 * again. At 4x CPU, rendering the player took 0.5-1 s of the tap's time to first sound.
 * No imports beyond a type: home's first download carries this file.
 */
interface WarmAudio {
  sessionId: number;
  mode: PlayerMode;
  element: HTMLAudioElement;
}

let warm: WarmAudio | null = null;

/** Starts loading `url` for `sessionId` opened as `mode`; replaces an earlier one. */
export function keepWarmAudio(sessionId: number, mode: PlayerMode, url: string): void {
  if (warm?.element.src === url) return;
  discardWarmAudio();
  const element = new Audio();
  // The player's element is CORS-enabled (crossorigin="anonymous"), for the media session artwork
  // and the echo analysis; the adopted one must be the same.
  element.crossOrigin = 'anonymous';
  element.preload = 'metadata';
  element.src = url;
  warm = { sessionId, mode, element };
}

/** In the tap that opens `sessionId` as `mode`: plays its warm element now (a user gesture). */
export function playWarmAudio(sessionId: number, mode: PlayerMode): void {
  if (!warm || warm.sessionId !== sessionId || warm.mode !== mode) return;
  // Loaded so far only as far as its metadata: from now on it buffers ahead like any playing
  // element (else a seek of +15 s soon after waits for a new request: 340 ms on a slow link).
  warm.element.preload = 'auto';
  warm.element.play().catch((err: unknown) => {
    // The player starts it again once it has taken the element (or logs why it cannot).
    console.warn('The prepared audio did not start from the tap', err);
  });
}

/**
 * The player's element: the warm one when it holds `url`, else null. Either way it is no longer
 * warm, so a warm element of another session never plays unseen.
 */
export function takeWarmAudio(url: string | null): HTMLAudioElement | null {
  const element = warm?.element ?? null;
  if (element && url !== null && element.src === url) {
    warm = null;
    return element;
  }
  discardWarmAudio();
  return null;
}

function discardWarmAudio(): void {
  if (!warm) return;
  warm.element.pause();
  warm.element.removeAttribute('src');
  warm.element.load();
  warm = null;
}
