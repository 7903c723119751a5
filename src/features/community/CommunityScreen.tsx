import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Tabs } from '../../ui/Tabs';
import { useMarkAppVisited } from '../onboarding/useOnboardingGate';
import { COMMUNITY_TABS, type CommunityTab } from './community-text';
import { MostEchoedTab } from './MostEchoedTab';
import { PulseTab } from './PulseTab';
import { ReflectionsTab } from './ReflectionsTab';
import styles from './CommunityScreen.module.css';

/** /community: The Pulse (default), Most Echoed and Reflections, as WAI-ARIA tabs. */
export function CommunityScreen() {
  useMarkAppVisited();
  const [tab, setTab] = useState<CommunityTab>('pulse');
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>community</h1>
        <p className={styles.lead}>
          <Link to="/echoverse" className={styles.leadLink}>
            the echoverse
          </Link>
          : short voice notes members chose to share, to hear one after another.
        </p>
      </header>
      <Tabs
        label="community"
        tabs={COMMUNITY_TABS}
        current={tab}
        onChange={setTab}
        idPrefix="community"
        classes={{ tabs: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        {tab === 'pulse' && <PulseTab />}
        {tab === 'loved' && <MostEchoedTab />}
        {tab === 'reflections' && <ReflectionsTab />}
      </Tabs>
    </div>
  );
}
