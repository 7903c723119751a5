import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from '../../ui/icons';
import { startVoiceEngineLazy as startVoiceEngine } from './lazy-engine';
import { ANALYSIS_MIC_TEXT } from './errors';
import { useHistoryStore } from './history-store';
import { ScoreCard } from './ScoreCard';
import { useAccountHistory } from './useAccountHistory';
import { VoiceRecorder } from './VoiceRecorder';
import styles from './Tuning.module.css';

/** /voice-analysis: the score card of the latest analysis and the shared recorder. */
export function VoiceAnalysisScreen() {
  const sessions = useHistoryStore((s) => s.sessions);
  // Saved to the member's account too when they chose so in the tuning room.
  const history = useAccountHistory();
  const latest = sessions[sessions.length - 1];
  // Scroll to the card only for an analysis made on this visit.
  const shownAtOpen = useRef(latest?.id);
  return (
    <div className={styles.screen}>
      <Link to="/tuning-room" className={styles.back} aria-label="back to the tuning room">
        <BackIcon /> tuning room
      </Link>
      <header className={styles.header}>
        <h1>voice analysis</h1>
        <p>Hum, speak or sing for a few seconds, then stop to see how your voice is doing.</p>
      </header>
      {latest ? (
        <ScoreCard
          analysis={latest}
          title="your voice score"
          testId="score-card"
          reveal={latest.id !== shownAtOpen.current}
        />
      ) : (
        <section className={styles.card} data-testid="score-card-empty">
          <h2 className={styles.cardTitle}>your voice score</h2>
          <p className={styles.muted}>Your score out of 100 appears here after your first recording.</p>
        </section>
      )}
      <VoiceRecorder
        startEngine={startVoiceEngine}
        micErrorText={ANALYSIS_MIC_TEXT}
        onAnalysis={history.onAnalysis}
        pitchRange={history.pitchRange}
      />
      {history.newBadges.map((b) => (
        <p key={b.id} className={styles.newBadge} data-testid="new-badge">
          new badge: {b.name}
        </p>
      ))}
    </div>
  );
}
