import { sessionSummary } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';
import { countWord } from '../../lib/plural';

/**
 * Section 1: avg score, recordings and trend; the parent shows it once a recording exists. In the
 * tuning room a take is a "recording", never a "session" (a session is guided practice).
 */
export function SummaryCards({ sessions }: { sessions: VoiceAnalysis[] }) {
  const summary = sessionSummary(sessions);
  const trend = Math.round(summary.improvementTrend);
  return (
    <section aria-label="your summary" className={styles.summary} data-testid="summary-cards">
      <Stat label="avg score" value={String(summary.averageScore)} />
      <Stat label={countWord(summary.totalSessions, 'recording')} value={String(summary.totalSessions)} />
      <Stat
        label="trend"
        value={trend > 0 ? `+${trend}` : trend < 0 ? `−${Math.abs(trend)}` : '0'}
        note={summary.totalSessions < 20 ? 'shows after 20 recordings' : 'last 10 vs the 10 before'}
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
