import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AssessmentEntry } from '../assessment/AssessmentEntry';
import { BackIcon } from '../../ui/icons';
import { startVoiceEngineLazy as startVoiceEngine } from './lazy-engine';
import { ANALYSIS_MIC_TEXT } from './errors';
import { useHistoryStore } from './history-store';
import { ScoreCard } from './ScoreCard';
import { useAccountHistory } from './useAccountHistory';
import { VoiceRecorder } from './VoiceRecorder';
import styles from './Tuning.module.css';
import { RecordingOutcome } from './RecordingOutcome';

/** /voice-analysis: the score card of the latest analysis and the shared recorder. */
export function VoiceAnalysisScreen() {
  const sessions = useHistoryStore((s) => s.sessions);
  // Saved to the member's account too when they chose so in the tuning room.
  const history = useAccountHistory();
  const latest = sessions[sessions.length - 1];
  // Scroll to the card only for an analysis made on this visit.
  const shownAtOpen = useRef(latest?.id);
  // Voice health's 'start voice assessment' opens the check at once (?assessment=start).
  const [params, setParams] = useSearchParams();
  const checking = params.get('assessment') === 'start';
  const setChecking = (open: boolean) => setParams(open ? { assessment: 'start' } : {}, { replace: !open });
  if (checking) return <AssessmentEntry onClose={() => setChecking(false)} />;
  return (
    <div className={styles.screen}>
      <Link to="/tuning-room" className={styles.back} aria-label="back to the tuning room">
        <BackIcon /> tuning room
      </Link>
      <header className={styles.header}>
        <h1>voice analysis</h1>
        <p>Hum, speak or sing for a few seconds, then stop to see how your voice is doing.</p>
      </header>
      <section className={styles.card} aria-labelledby="assessment-start-title">
        <h2 id="assessment-start-title" className={styles.cardTitle}>
          voice assessment
        </h2>
        <p className={styles.muted}>
          A two-minute check of your voice quality with the clinical voice quality index (AVQI), on this
          phone.
        </p>
        <button type="button" className={styles.assessmentStart} onClick={() => setChecking(true)}>
          start voice assessment
        </button>
      </section>
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
      <RecordingOutcome practice={history.practice} newBadges={history.newBadges} />
    </div>
  );
}
