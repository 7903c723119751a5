import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { QueryBlock } from '../profile/QueryBlock';
import { useStoredAnalyses } from './growth-api';
import { Tabs } from './Tabs';
import { GoalsTab } from './voice-health/GoalsTab';
import { OverviewTab } from './voice-health/OverviewTab';
import { TrendsTab } from './voice-health/TrendsTab';
import { WeeklyTab } from './voice-health/WeeklyTab';
import styles from './Growth.module.css';

const TABS = [
  { key: 'overview', label: 'overview' },
  { key: 'weekly', label: 'weekly' },
  { key: 'trends', label: 'trends' },
  { key: 'goals', label: 'goals' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * /voice-health-insights: computed from the recordings the member keeps in their account
 * (the tuning room's opt-in) and their sessions. With too little data a tab says so.
 */
export function VoiceHealthScreen() {
  const [tab, setTab] = useState<Tab>('overview');
  const analyses = useStoredAnalyses();
  return (
    <section className={styles.screen} aria-label="voice health insights">
      <BackHeader to="/profile" backLabel="back to profile" title="voice health" />
      <QueryBlock query={analyses} what="your recordings">
        {(list) => (
          <Tabs label="voice health" tabs={TABS} current={tab} onChange={setTab} idPrefix="health">
            {tab === 'overview' && <OverviewTab list={list} />}
            {tab === 'weekly' && <WeeklyTab list={list} />}
            {tab === 'trends' && <TrendsTab list={list} />}
            {tab === 'goals' && <GoalsTab list={list} />}
          </Tabs>
        )}
      </QueryBlock>
    </section>
  );
}
