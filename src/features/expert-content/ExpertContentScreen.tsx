import { useState } from 'react';
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
      <header className={styles.header}>
        <h1 className={styles.title}>Expert content</h1>
        <p className={styles.muted}>
          Classes and programs by demo experts, each built on sessions you can play.
        </p>
      </header>
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
