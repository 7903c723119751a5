import { useRef, useState, type KeyboardEvent } from 'react';
import { useMarkAppVisited } from '../onboarding/useOnboardingGate';
import { COMMUNITY_TABS, nextTabIndex, type CommunityTab } from './community-text';
import { MostEchoedTab } from './MostEchoedTab';
import { PulseTab } from './PulseTab';
import { ReflectionsTab } from './ReflectionsTab';
import styles from './CommunityScreen.module.css';

/** /community: The Pulse (default), Most Echoed, The Chorus and Reflections, as WAI-ARIA tabs. */
export function CommunityScreen() {
  useMarkAppVisited();
  const [tab, setTab] = useState<CommunityTab>('pulse');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = COMMUNITY_TABS.findIndex((t) => t.key === tab);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTabIndex(e.key, current, COMMUNITY_TABS.length);
    if (next === null) return;
    e.preventDefault();
    const target = COMMUNITY_TABS[next];
    if (!target) return;
    setTab(target.key);
    refs.current[next]?.focus();
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>community</h1>
      </header>
      <div role="tablist" aria-label="community" className={styles.tabs} onKeyDown={onKeyDown}>
        {COMMUNITY_TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`community-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`community-panel-${t.key}`}
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
        id={`community-panel-${tab}`}
        aria-labelledby={`community-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'pulse' && <PulseTab />}
        {tab === 'loved' && <MostEchoedTab />}
        {tab === 'chorus' && <p className={styles.soon}>coming soon</p>}
        {tab === 'reflections' && <ReflectionsTab />}
      </div>
    </div>
  );
}
