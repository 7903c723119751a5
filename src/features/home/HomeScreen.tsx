import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { storageKeys } from '../../lib/storage-keys';
import { Button } from '../../ui/Button';
import { WaveMark } from '../../ui/icons';
import { AuthLoading } from '../auth/AuthLoading';
import { useOnboardingGate } from '../onboarding/useOnboardingGate';
import { selectPlayerOpen, usePlayerStore } from '../player/player-store';
import { openSession } from '../sessions/open-session';
import { pickRandomFromPool } from '../sessions/queries';
import { TileGrid } from '../sessions/TileGrid';
import { Greeting } from './Greeting';
import { HOME_EXPLORE_TILES, HOME_MOOD_TILES } from './home-tiles';
import { FOCUS_TILE_ITEMS } from '../sessions/tiles';
import { LatestList } from './LatestList';
import { RecommendationCard } from './RecommendationCard';
import styles from './HomeScreen.module.css';

// Its own chunk: home's first-screen JavaScript is at its budget (scripts/bundle-budget.mjs).
const CheckInCard = lazy(() => import('../check-in/CheckInCard'));

export function HomeScreen() {
  const gate = useOnboardingGate();
  // Spec core §4: opening the player fades home (and the tab bar) to 0 over 300 ms.
  const playerOpen = usePlayerStore(selectPlayerOpen);
  useEffect(() => {
    // Spec core §2: the 'from intro' flag is removed when home is shown.
    sessionStorage.removeItem(storageKeys.fromIntro);
    localStorage.removeItem(storageKeys.fromIntro);
  }, []);
  if (gate.checking || gate.redirecting) return <AuthLoading />;
  return (
    <div className={`${styles.screen} ${playerOpen ? styles.faded : ''}`}>
      <header className={styles.header}>
        <WaveMark width={40} height={40} />
        <Greeting />
      </header>
      <RecommendationCard />
      {/* The placeholder holds the card's height, so nothing below moves when it arrives. */}
      <Suspense fallback={<div className={styles.checkInPlaceholder} aria-hidden />}>
        <CheckInCard />
      </Suspense>
      <TileGrid title="how do you want to feel?" items={HOME_MOOD_TILES} columns={3} />
      <TileGrid title="what's your focus?" items={FOCUS_TILE_ITEMS} />
      <LatestList />
      <TileGrid title="explore more" items={HOME_EXPLORE_TILES} />
      <HomeActions />
    </div>
  );
}

function HomeActions() {
  const client = useQueryClient();
  const [picking, setPicking] = useState(false);
  const surprise = async () => {
    setPicking(true);
    const session = await pickRandomFromPool(client);
    setPicking(false);
    if (session) openSession(session);
  };
  return (
    <section className={styles.actions} aria-label="more ways to practise">
      <Button variant="secondary" block loading={picking} onClick={() => void surprise()}>
        surprise me
      </Button>
      <Link to="/tuning-room" className={styles.tuningLink}>
        the tuning room
      </Link>
    </section>
  );
}
