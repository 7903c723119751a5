import type { ComponentType } from 'react';

/**
 * The full-screen player's code is not part of the first screen (scripts/bundle-budget.mjs); it
 * downloads when a screen that offers a session has shown it (src/features/player/warm-up.ts) or,
 * at the latest, when the player opens. Once downloaded, the overlay renders it in the same
 * commit as the tap: through React.lazy alone it would suspend once more, and React holds a
 * revealed boundary back for up to 300 ms (issue 20: a third of the first sound's time).
 */
let loaded: ComponentType | null = null;
let pending: Promise<ComponentType> | null = null;

export function loadPlayerOverlay(): Promise<ComponentType> {
  pending ??= import('./PlayerOverlay').then((m) => {
    loaded = m.PlayerOverlay;
    return m.PlayerOverlay;
  });
  // A failed download may be tried again (the overlay's lazy import shows nothing if it fails).
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** The overlay component when its code has been downloaded, else null. */
export function loadedPlayerOverlay(): ComponentType | null {
  return loaded;
}
