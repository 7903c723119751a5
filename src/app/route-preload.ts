/**
 * A lazy screen normally starts downloading only after boot (config fetch, auth check) has
 * rendered the router. For the screens people land on directly, the download starts at boot
 * instead, in parallel, which takes a round trip off their first paint (LCP). The same module
 * promise then serves React.lazy in router.tsx. Only add screens opened from outside the app.
 */
const LANDING_SCREENS: Record<string, () => Promise<unknown>> = {
  '/tuning-room': () => import('../features/tuning/TuningRoomScreen'),
  '/home': () => import('../features/home/HomeScreen'),
};

export function preloadLandingScreen(pathname: string): void {
  void LANDING_SCREENS[pathname]?.().catch(() => {
    // React.lazy retries the import and shows the error boundary if it still fails.
  });
}
