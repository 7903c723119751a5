import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { useMarkAppVisited } from '../onboarding/useOnboardingGate';
import { openSession } from '../sessions/open-session';
import { pickRandomFromPool, useDiscoverSessions } from '../sessions/queries';
import { TileGrid } from '../sessions/TileGrid';
import { FOCUS_TILE_ITEMS } from '../sessions/tiles';
import { EXPERIENCE_TILES, FEELING_TILES, INTENTION_TILES } from './discover-tiles';
import { SearchOverlay } from './SearchOverlay';
import { TrendingList } from './TrendingList';
import styles from './DiscoverScreen.module.css';

export function DiscoverScreen() {
  useMarkAppVisited();
  const sessions = useDiscoverSessions();
  const view = useQueryView(sessions);
  const client = useQueryClient();
  const [searchOpen, setSearchOpen] = useState(false);
  const [picking, setPicking] = useState(false);

  const discoverNew = async () => {
    setPicking(true);
    const session = await pickRandomFromPool(client);
    setPicking(false);
    if (session) openSession(session);
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>discover</h1>
        <button type="button" className={styles.searchButton} onClick={() => setSearchOpen(true)}>
          <SearchIcon />
          <span>search sessions</span>
        </button>
      </header>
      <SearchOverlay
        open={searchOpen}
        onOpenChange={setSearchOpen}
        sessions={sessions.data ?? []}
        loading={sessions.isPending}
      />
      <TileGrid title="by experience" items={EXPERIENCE_TILES} />
      <TileGrid title="by intention" items={INTENTION_TILES} />
      <TileGrid title="by feeling" items={FEELING_TILES} columns={3} />
      <TileGrid title="by focus" items={FOCUS_TILE_ITEMS} />
      <TrendingList view={view} onRetry={() => void sessions.refetch()} />
      <section className={styles.actions} aria-label="explore more">
        <Button variant="secondary" block loading={picking} onClick={() => void discoverNew()}>
          discover something new
        </Button>
        <Link to="/listening-room" className={styles.roomLink}>
          the listening room
        </Link>
      </section>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden
    >
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" strokeLinecap="round" />
    </svg>
  );
}
