import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { OfflineIndicator } from '../features/offline/OfflineIndicator';
import { UpdatePrompt } from '../features/offline/UpdatePrompt';
import { PendingSyncNote } from '../features/sync/PendingSyncNote';
import { LazyPlayerOverlay } from './lazy-shell';
import { isTabBarVisible } from './tab-bar-rules';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollToTop } from './ScrollToTop';
import { TabBar } from './TabBar';
import styles from './Layout.module.css';

/** Every route renders inside the 512 px centred column; the tab bar sits below when shown. */
export function Layout() {
  const { pathname } = useLocation();
  const withBar = isTabBarVisible(pathname, false);
  return (
    <div className={styles.column}>
      <ScrollToTop />
      <OfflineIndicator />
      <PendingSyncNote />
      <main className={`${styles.main} ${withBar ? styles.withBar : ''}`}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<p className={styles.loading}>loading…</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <TabBar />
      <LazyPlayerOverlay />
      <UpdatePrompt />
    </div>
  );
}
