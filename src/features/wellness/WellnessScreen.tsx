import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../ui/Button';
import { nextTabIndex } from '../community/community-text';
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
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = WELLNESS_TABS.findIndex((t) => t.key === tab);

  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTabIndex(e.key, current, WELLNESS_TABS.length);
    const target = next === null ? undefined : WELLNESS_TABS[next];
    if (next === null || !target) return;
    e.preventDefault();
    setTab(target.key);
    refs.current[next]?.focus();
  };

  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>Wellness</h1>
        <p className={styles.subtitle}>Track how you feel and what your body tells you.</p>
      </header>
      <div role="tablist" aria-label="wellness" className={styles.tabs} onKeyDown={onKeyDown}>
        {WELLNESS_TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`wellness-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`wellness-panel-${t.key}`}
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
        id={`wellness-panel-${tab}`}
        aria-labelledby={`wellness-tab-${tab}`}
        className={styles.panel}
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
      </div>
      <MoodDialog open={dialog === 'mood'} onOpenChange={(o) => setDialog(o ? 'mood' : null)} />
      <BiometricDialog open={dialog === 'vitals'} onOpenChange={(o) => setDialog(o ? 'vitals' : null)} />
    </div>
  );
}
