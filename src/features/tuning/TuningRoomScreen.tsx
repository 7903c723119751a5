import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from '../../ui/icons';
import { CoachingTips } from './CoachingTips';
import { startVoiceEngineLazy as startVoiceEngine } from './lazy-engine';
import { TUNING_MIC_TEXT } from './errors';
import { useHistoryStore } from './history-store';
import { KeepScoresToggle } from './KeepScoresToggle';
import { useAccountHistory } from './useAccountHistory';
import { ProgressList } from './ProgressList';
import { ScoreCard } from './ScoreCard';
import { SummaryCards } from './SummaryCards';
import { VoiceRecorder } from './VoiceRecorder';
import { WellnessInsights } from './WellnessInsights';
import styles from './Tuning.module.css';
import { RecordingOutcome } from './RecordingOutcome';
import { recordingInWords } from '../../domain/voice';
import { writeErrorText } from '../../lib/outbox/online-only';
import { PracticeModes } from '../pitch-match/PracticeModes';

/**
 * /tuning-room: the six sections of the spec in order. It needs no sign-in: a visitor's
 * numeric summaries stay in this browser; a member may choose to keep them in their account,
 * and then the summary, progress and insights read the account's history on every device.
 */
export function TuningRoomScreen() {
  const latest = useHistoryStore((s) => s.latest);
  const history = useAccountHistory();
  const sessions = history.sessions;
  // Only an analysis made on this visit is scrolled to; coming back to the page starts at the top.
  const shownAtOpen = useRef(latest?.id);
  return (
    <div className={styles.screen}>
      <Link to="/home" className={styles.back} aria-label="back to home">
        <BackIcon /> home
      </Link>
      <header className={styles.header}>
        <h1>the tuning room</h1>
        <p>
          A nurturing space to explore your voice and discover your unique vocal qualities with personalized
          guidance
        </p>
        <p>
          Want to keep how your voice sounds today? Record a short memo in{' '}
          <Link to="/voice-notes" className={styles.inlineLink}>
            voice notes
          </Link>
          .
        </p>
        <p>
          How low and how high can you sing?{' '}
          <Link to="/voice-range" className={styles.inlineLink}>
            Find your range
          </Link>
          , drawn as you sing.
        </p>
      </header>
      {sessions.length > 0 && <SummaryCards sessions={sessions} />}
      {history.accountState?.isError && (
        <p role="alert" className={styles.muted}>
          We couldn’t load the scores in your account.{' '}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => void history.accountState?.refetch()}
          >
            try again
          </button>
        </p>
      )}
      {history.signedIn && (
        <KeepScoresToggle
          // Shows the member's choice at once while it is being saved.
          keep={history.setKeep.isPending ? history.setKeep.variables : history.keep}
          busy={history.choiceLoading || history.setKeep.isPending}
          failed={
            history.setKeep.isError
              ? writeErrorText(history.setKeep.error, 'We couldn’t change this just now. Please try again.')
              : null
          }
          onChange={(keep) => history.setKeep.mutate(keep)}
        />
      )}
      <PracticeModes
        startEngine={startVoiceEngine}
        sessions={sessions}
        free={
          <VoiceRecorder
            startEngine={startVoiceEngine}
            micErrorText={TUNING_MIC_TEXT}
            onAnalysis={history.onAnalysis}
            pitchRange={history.pitchRange}
          />
        }
      />
      {latest && (
        <ScoreCard
          analysis={latest}
          title="voice analysis complete"
          testId="analysis-complete"
          reveal={latest.id !== shownAtOpen.current}
        />
      )}
      <RecordingOutcome practice={history.practice} newBadges={history.newBadges} />
      {history.saveError && (
        <p role="alert" className={styles.muted}>
          This score is kept in this browser; we couldn’t save it to your account just now.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {latest
          ? `Voice analysis complete. ${recordingInWords(latest)} Score ${latest.overall} out of 100.`
          : ''}
      </p>
      <ProgressList sessions={sessions} />
      <WellnessInsights sessions={sessions} />
      <CoachingTips latest={sessions[sessions.length - 1]} />
    </div>
  );
}
