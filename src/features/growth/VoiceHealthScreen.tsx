import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { QueryBlock } from '../profile/QueryBlock';
import { useAssessments, usePendingAssessments, withPending } from '../assessment/assessment-api';
import { Tabs } from './Tabs';
import { PitchAccuracyCard } from '../pitch-match/PitchAccuracyCard';
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
 * /voice-health-insights: computed from the member's saved voice assessments (issue 21: AVQI,
 * CPPS, maximum phonation time) and, for sessions and minutes, the practice ledger. With too
 * little data a tab says so; what has no validated measure says "not measured yet".
 */
export function VoiceHealthScreen() {
  const [tab, setTab] = useState<Tab>('overview');
  const analyses = useAssessments();
  // Assessments saved offline count here too, marked, until the stored one takes their place.
  const pending = usePendingAssessments();
  return (
    <section className={styles.screen} aria-label="voice health insights">
      <BackHeader to="/profile" backLabel="back to profile" title="voice health" />
      <QueryBlock query={analyses} what="your voice assessments">
        {(stored) => {
          const list = withPending(stored, pending);
          return (
            <Tabs label="voice health" tabs={TABS} current={tab} onChange={setTab} idPrefix="health">
              {tab === 'overview' && <OverviewTab list={list} />}
              {tab === 'weekly' && <WeeklyTab list={list} />}
              {tab === 'trends' && <TrendsTab list={list} />}
              {tab === 'trends' && <PitchAccuracyCard />}
              {tab === 'goals' && <GoalsTab list={list} />}
            </Tabs>
          );
        }}
      </QueryBlock>
    </section>
  );
}
