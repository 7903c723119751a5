import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { Tabs } from '../../ui/Tabs';
import { BiometricDialog } from './BiometricDialog';
import { MoodDialog } from './MoodDialog';
import { MoodTab } from './MoodTab';
import { OverviewTab } from './OverviewTab';
import { VitalsTab } from './VitalsTab';
import { WELLNESS_TABS, type WellnessTab } from './wellness-text';
import styles from './Wellness.module.css';

/** /wellness: Overview, Mood and Vitals tabs, with the 'Track Your Mood' and 'Add Biometric Data' dialogs. */
export function WellnessScreen() {
  const [tab, setTab] = useState<WellnessTab>('overview');
  const [dialog, setDialog] = useState<'mood' | 'vitals' | null>(null);

  return (
    <div className={styles.screen}>
      {/* Reached from home's tiles: back leads there (issue 20: no dead ends). */}
      <BackHeader to="/home" backLabel="Back to home" title="Wellness">
        <p className={styles.subtitle}>Track how you feel and what your body tells you.</p>
      </BackHeader>
      <Tabs
        label="wellness"
        tabs={WELLNESS_TABS}
        current={tab}
        onChange={setTab}
        idPrefix="wellness"
        classes={{ tabs: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        <div className={styles.actions}>
          <Button className={styles.actionButton} onClick={() => setDialog('mood')}>
            Track Your Mood
          </Button>
          <Button className={styles.actionButton} variant="secondary" onClick={() => setDialog('vitals')}>
            Add Biometric Data
          </Button>
        </div>
        {tab === 'overview' && <OverviewTab onTrackMood={() => setDialog('mood')} />}
        {tab === 'mood' && <MoodTab />}
        {tab === 'vitals' && <VitalsTab />}
      </Tabs>
      <MoodDialog open={dialog === 'mood'} onOpenChange={(o) => setDialog(o ? 'mood' : null)} />
      <BiometricDialog open={dialog === 'vitals'} onOpenChange={(o) => setDialog(o ? 'vitals' : null)} />
    </div>
  );
}
