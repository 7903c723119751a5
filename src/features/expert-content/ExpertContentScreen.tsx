import { useRef, useState, type KeyboardEvent } from 'react';
import { nextTabIndex } from '../community/community-text';
import { ClassesTab } from './ClassesTab';
import { LEARNING_TABS, type LearningTab } from './learning-text';
import { MyLearningTab } from './MyLearningTab';
import { ProgramsTab } from './ProgramsTab';
import styles from './ExpertContent.module.css';

/** /expert-content: Classes, Programs and My Learning tabs. */
export function ExpertContentScreen() {
  const [tab, setTab] = useState<LearningTab>('classes');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = LEARNING_TABS.findIndex((t) => t.key === tab);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTabIndex(e.key, current, LEARNING_TABS.length);
    const target = next === null ? undefined : LEARNING_TABS[next];
    if (next === null || !target) return;
    e.preventDefault();
    setTab(target.key);
    refs.current[next]?.focus();
  };
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>Expert content</h1>
        <p className={styles.muted}>
          Classes and programs by demo experts, each built on sessions you can play.
        </p>
      </header>
      <div role="tablist" aria-label="expert content" className={styles.tabs} onKeyDown={onKeyDown}>
        {LEARNING_TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`learning-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`learning-panel-${t.key}`}
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
        id={`learning-panel-${tab}`}
        aria-labelledby={`learning-tab-${tab}`}
        className={styles.panel}
      >
        {tab === 'classes' && <ClassesTab />}
        {tab === 'programs' && <ProgramsTab />}
        {tab === 'mine' && <MyLearningTab />}
      </div>
    </div>
  );
}
