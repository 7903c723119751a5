import { lazy, Suspense, useState } from 'react';
import { loadedPlayerOverlay, loadPlayerOverlay } from '../features/player/player-loader';
import { usePlayerStore } from '../features/player/player-store';
import { usePlayerHistory } from '../features/player/use-player-history';
import { useToastStore } from '../features/toast/toast-store';

/**
 * Parts of the shell every route has but few first visits use: the toast region (Radix) and the
 * full-screen player (audio engine, session queries). Their code is fetched the first time the
 * store asks for them (the player's earlier, when a screen shows a session to begin:
 * src/features/player/player-loader.ts), so the first screen's download stays within the bundle
 * budget (scripts/bundle-budget.mjs).
 */
const Toaster = lazy(() => import('../features/toast/Toaster').then((m) => ({ default: m.Toaster })));
const PlayerOverlay = lazy(() => {
  const ready = loadedPlayerOverlay();
  // Downloaded already (a screen that offers a session warmed it up): rendered in the tap's commit.
  return ready ? settled({ default: ready }) : loadPlayerOverlay().then((overlay) => ({ default: overlay }));
});

/**
 * A thenable that calls back at once: React.lazy then renders the module in the same commit
 * instead of suspending for a task, as it does with any promise, even a resolved one.
 */
function settled<T>(value: T): Promise<T> {
  const thenable = { then: (onFulfilled: (v: T) => unknown) => void onFulfilled(value) };
  return thenable as unknown as Promise<T>;
}

export function LazyToaster() {
  const wanted = useToastStore((s) => s.toasts.length > 0);
  // Once loaded it stays mounted, so a toast's closing animation and the F8 region keep working.
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  if (!wanted && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export function LazyPlayerOverlay() {
  // Here, not in PlayerOverlay: closing unmounts the overlay, and the close must still remove
  // the player's history entry (issue 8: Back after a close lands on the page before).
  usePlayerHistory();
  const active = usePlayerStore((s) => s.activeSessionId !== null);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <PlayerOverlay />
    </Suspense>
  );
}
