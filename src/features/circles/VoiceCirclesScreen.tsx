import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../ui/Button';
import { nextTabIndex } from '../community/community-text';
import { useDiscoverCircles, useMyCircles } from './circles-api';
import { CIRCLE_TABS, EMPTY, type CircleTab } from './circles-text';
import { CircleList } from './CircleList';
import { CreateCircleDialog } from './CreateCircleDialog';
import { SessionsTab } from './SessionsTab';
import styles from './VoiceCircles.module.css';

function DiscoverTab() {
  return <CircleList query={useDiscoverCircles()} empty={EMPTY.discover} what="voice circles" />;
}
function MyCirclesTab() {
  return <CircleList query={useMyCircles()} empty={EMPTY.mine} what="your circles" />;
}

/** /voice-circles: Discover, My Circles and Sessions as WAI-ARIA tabs, and Create Circle. */
export function VoiceCirclesScreen() {
  const [tab, setTab] = useState<CircleTab>('discover');
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = CIRCLE_TABS.findIndex((t) => t.key === tab);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTabIndex(e.key, current, CIRCLE_TABS.length);
    const target = next === null ? undefined : CIRCLE_TABS[next];
    if (next === null || !target) return;
    e.preventDefault();
    setTab(target.key);
    refs.current[next]?.focus();
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>Voice circles</h1>
        <Button type="button" variant="secondary" onClick={() => setCreating(true)}>
          Create Circle
        </Button>
      </header>
      <div role="tablist" aria-label="voice circles" className={styles.tabs} onKeyDown={onKeyDown}>
        {CIRCLE_TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`circles-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`circles-panel-${t.key}`}
            tabIndex={t.key === tab ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`circles-panel-${tab}`}
        aria-labelledby={`circles-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'discover' && <DiscoverTab />}
        {tab === 'mine' && <MyCirclesTab />}
        {tab === 'sessions' && <SessionsTab nowMs={Date.now()} />}
      </div>
      <CreateCircleDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(c) => navigate(`/voice-circles/${c.id}`)}
      />
    </div>
  );
}
