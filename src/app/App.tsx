import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { installSessionGuard } from '../features/auth/install-session-guard';
import { startSavedDataWhenSignedIn } from '../features/offline/saved-data/start-when-signed-in';
import { LazyToaster } from './lazy-shell';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './ErrorBoundary';
import { createAppRouter } from './router';

/** `router` is given by the build-time render of the first screens (src/prerender/). */
export function App({ router: given }: { router?: ReturnType<typeof createAppRouter> } = {}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Installed before the first render, so no screen's request can miss it.
    installSessionGuard(client);
    return client;
  });
  const [router] = useState(() => given ?? createAppRouter());
  useEffect(() => {
    // Offline writes (issue 13): loaded after the first screen, it sends what waits in the outbox.
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../features/sync/start-sync').then((m) => {
      if (!cancelled) stop = m.startOfflineSync(queryClient);
    });
    // Offline reads: each screen's answers saved per member and restored (screens wait meanwhile).
    const stopSaving = startSavedDataWhenSignedIn(queryClient);
    return () => {
      cancelled = true;
      stop?.();
      stopSaving();
    };
  }, [queryClient]);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
