import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { Tabs } from '../../ui/Tabs';
import { ClassesTab } from './ClassesTab';
import { LEARNING_TABS, type LearningTab } from './learning-text';
import { MyLearningTab } from './MyLearningTab';
import { ProgramsTab } from './ProgramsTab';
import styles from './ExpertContent.module.css';

/** /expert-content: Classes, Programs and My Learning tabs. */
export function ExpertContentScreen() {
  const [tab, setTab] = useState<LearningTab>('classes');
  return (
    <div className={styles.screen}>
      {/* Reached from home's tiles: back leads there (issue 20: no dead ends). */}
      <BackHeader to="/home" backLabel="Back to home" title="Expert content">
        <p className={styles.muted}>
          Classes and programs by demo experts, each built on sessions you can play.
        </p>
      </BackHeader>
      <Tabs
        label="expert content"
        tabs={LEARNING_TABS}
        current={tab}
        onChange={setTab}
        idPrefix="learning"
        classes={{ tabs: styles.tabs, tab: styles.tab, panel: styles.panel }}
      >
        {tab === 'classes' && <ClassesTab />}
        {tab === 'programs' && <ProgramsTab />}
        {tab === 'mine' && <MyLearningTab />}
      </Tabs>
    </div>
  );
}
