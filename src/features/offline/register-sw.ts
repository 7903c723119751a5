import { useAuthStore } from '../auth/auth-store';
import { reportOffline, reportOnline, useNetworkStore } from './network-store';
import type { SwMessage } from '../../sw/messages';
import { CATALOGUE_CACHE, DOWNLOADS_CACHE } from './cache-keys';
import { clearSavedData } from './saved-data/clear-saved-data';

/**
 * Starts the offline machinery: the browser's online/offline events, the service worker
 * (production builds only: Vite's dev server serves modules the worker knows nothing about),
 * the "new version" prompt, and clearing this device's offline data on sign-out.
 * Kept tiny: it runs on the first screen.
 */
export function startOffline(): void {
  window.addEventListener('online', reportOnline);
  window.addEventListener('offline', reportOffline);
  clearOnSignOut();
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<SwMessage>) => {
    if (event.data?.type === 'network-failed') reportOffline();
    else if (event.data?.type === 'network-ok' && navigator.onLine) reportOnline();
  });
  // After the first screen has loaded: precaching must not compete with it.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // Browsers that block registration (private modes, test runners) resolve without one.
    if (!reg) return;
    const offer = (worker: ServiceWorker | null) => {
      // Only an update waits; the very first worker has nothing to replace.
      if (!worker || !navigator.serviceWorker.controller) return;
      useNetworkStore.setState({ applyUpdate: () => applyUpdate(worker) });
    };
    offer(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const next = reg.installing;
      next?.addEventListener('statechange', () => {
        if (next.state === 'installed') offer(next);
      });
    });
  } catch (err) {
    console.warn('Offline support is not available: the service worker did not register', err);
  }
}

function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'skip-waiting' });
}

/**
 * Saved screens, cached catalogue answers and downloads belong to whoever was signed in: another
 * member on this device must not see what they listened to. Signing out removes all three.
 */
function clearOnSignOut(): void {
  useAuthStore.subscribe((state, prev) => {
    if (prev.session && !state.session) void clearOfflineData();
  });
}

export async function clearOfflineData(): Promise<void> {
  try {
    await Promise.all([
      clearSavedData(),
      forgetPushSubscription(),
      ...(typeof caches === 'undefined'
        ? []
        : [caches.delete(CATALOGUE_CACHE), caches.delete(DOWNLOADS_CACHE)]),
    ]);
  } catch (err) {
    console.warn('Could not clear the offline copies', err);
  }
}

/**
 * Reminder notifications belong to the member who turned them on: once they sign out, this
 * browser stops receiving them (its push service then answers 410 and the server forgets the
 * device at the next reminder; docs/features/reminders.md).
 */
async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager?.getSubscription();
  await sub?.unsubscribe();
}
