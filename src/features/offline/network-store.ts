import { create } from 'zustand';

/**
 * Whether the app can reach its server, from two sources: the browser's own flag
 * (navigator.onLine and its events), and what actually happened to requests (the service
 * worker's reports and failed queries). The browser flag alone says "online" on a Wi-Fi with no
 * internet; failed requests alone would not notice the network coming back.
 */
export interface NetworkState {
  online: boolean;
  /** A new version of the app is installed and waiting; calling it activates it and reloads. */
  applyUpdate: (() => void) | null;
}

export const useNetworkStore = create<NetworkState>(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  applyUpdate: null,
}));

export const reportOnline = () => {
  if (!useNetworkStore.getState().online) useNetworkStore.setState({ online: true });
};
export const reportOffline = () => {
  if (useNetworkStore.getState().online) useNetworkStore.setState({ online: false });
};

/** A fetch that never reached a server: TypeError from fetch, or supabase-js's wrapped message. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch|NetworkError|Load failed|network connection was lost/i.test(message);
}
