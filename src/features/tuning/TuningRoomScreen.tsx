import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from '../../ui/icons';
import { CoachingTips } from './CoachingTips';
import { startVoiceEngineLazy as startVoiceEngine } from './lazy-engine';
import { TUNING_MIC_TEXT } from './errors';
import { useHistoryStore } from './history-store';
import { ProgressList } from './ProgressList';
import { ScoreCard } from './ScoreCard';
import { SummaryCards } from './SummaryCards';
import { VoiceRecorder } from './VoiceRecorder';
import { WellnessInsights } from './WellnessInsights';
import styles from './Tuning.module.css';

/**
 * /tuning-room: the six sections of the spec in order. It needs no sign-in: everything
 * happens on this device and only numeric summaries are kept, in local storage.
 */
export function TuningRoomScreen() {
  const sessions = useHistoryStore((s) => s.sessions);
  const latest = useHistoryStore((s) => s.latest);
  const add = useHistoryStore((s) => s.add);
  // Only an analysis made on this visit is scrolled to; coming back to the page starts at the top.
  const shownAtOpen = useRef(latest?.id);
  return (
    <div className={styles.screen}>
      <Link to="/home" className={styles.back}>
        <BackIcon /> home
      </Link>
      <header className={styles.header}>
        <h1>the tuning room</h1>
        <p>
          A nurturing space to explore your voice and discover your unique vocal qualities with personalized
          guidance
        </p>
      </header>
      {sessions.length > 0 && <SummaryCards sessions={sessions} />}
      <VoiceRecorder startEngine={startVoiceEngine} micErrorText={TUNING_MIC_TEXT} onAnalysis={add} />
      {latest && (
        <ScoreCard
          analysis={latest}
          title="voice analysis complete"
          testId="analysis-complete"
          reveal={latest.id !== shownAtOpen.current}
        />
      )}
      <p className="visually-hidden" role="status">
        {latest ? `Voice analysis complete. Score ${latest.overall} out of 100.` : ''}
      </p>
      <ProgressList sessions={sessions} />
      <WellnessInsights sessions={sessions} />
      <CoachingTips latest={sessions[sessions.length - 1]} />
    </div>
  );
}
