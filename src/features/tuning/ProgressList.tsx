import { clarityAndStability, recentProgress, scoreColour } from '../../domain/voice';
import { formatElapsed } from './format';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Section 4: the last 3 analyses, newest first, each in words before its numbers (issue 31). */
export function ProgressList({ sessions }: { sessions: VoiceAnalysis[] }) {
  const recent = recentProgress(sessions);
  return (
    <section className={styles.card} aria-labelledby="progress-title">
      <h2 id="progress-title" className={styles.cardTitle}>
        your progress
      </h2>
      {recent.length === 0 ? (
        <p className={styles.muted}>Your recent analyses will appear here after your first recording.</p>
      ) : (
        <ol className={styles.progress} data-testid="progress-list">
          {recent.map((s) => (
            <li key={s.id}>
              <span className={styles[`score_${scoreColour(s.overall)}`]}>{s.overall}</span>
              <span>
                <span className={styles.progressWhen}>{when.format(new Date(s.at))}</span>
                <span className={styles.progressWords}>{clarityAndStability(s)}</span>
                <span className={styles.muted}>
                  {formatElapsed(s.durationSec)} · clarity {s.clarity}% · stability {s.stability}%
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
