import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
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

  return (
    <div className={styles.screen}>
      {/* Reached from home's tiles: back leads there (issue 20: no dead ends). */}
      <BackHeader to="/home" backLabel="Back to home" title="Voice circles" />
      <div className={styles.headerActions}>
        <Button type="button" variant="secondary" onClick={() => setCreating(true)}>
          Create Circle
        </Button>
      </div>
      <Tabs
        label="voice circles"
        tabs={CIRCLE_TABS}
        current={tab}
        onChange={setTab}
        idPrefix="circles"
        classes={{ tabs: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        {tab === 'discover' && <DiscoverTab />}
        {tab === 'mine' && <MyCirclesTab />}
        {tab === 'sessions' && <SessionsTab nowMs={Date.now()} />}
      </Tabs>
      <CreateCircleDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(c) => navigate(`/voice-circles/${c.id}`)}
      />
    </div>
  );
}
