import { sessionSummary } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';
import { countWord } from '../../lib/plural';

/**
 * Section 1: typical score, recordings and trend; the parent shows it once a recording exists.
 * In the tuning room a take is a "recording", never a "session" (a session is guided practice).
 * The typical score is the middle recording's (issue 31: a summary describes real takes; the
 * spec's average score could be one no recording had).
 */
export function SummaryCards({ sessions }: { sessions: VoiceAnalysis[] }) {
  const summary = sessionSummary(sessions);
  const trend = Math.round(summary.improvementTrend);
  return (
    <section aria-label="your summary" className={styles.summary} data-testid="summary-cards">
      <Stat
        label="typical score"
        value={String(summary.typicalScore)}
        note={summary.totalSessions > 1 ? 'your middle recording' : undefined}
      />
      <Stat label={countWord(summary.totalSessions, 'recording')} value={String(summary.totalSessions)} />
      <Stat
        label="trend"
        value={trend > 0 ? `+${trend}` : trend < 0 ? `−${Math.abs(trend)}` : '0'}
        note={
          summary.totalSessions < 20 ? 'shows after 20 recordings' : 'typical of the last 10 vs the 10 before'
        }
      />
    </section>
  );
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={styles.statLabel}>{label}</span>
      {note && <span className={styles.statNote}>{note}</span>}
    </div>
  );
}
