import { clarityAndStability, decideFeedback, measurementsFromPercentages } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';

/** Section 6: exercises for the member's latest analysis, from the same table as the card's advice. */
export function CoachingTips({ latest }: { latest: VoiceAnalysis | undefined }) {
  return (
    <section className={styles.card} aria-labelledby="tips-title">
      <h2 id="tips-title" className={styles.cardTitle}>
        coaching tips
      </h2>
      {!latest ? (
        <p className={styles.muted}>
          Record your voice once and tips chosen for your voice will appear here.
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            Your latest recording sounded {clarityAndStability(latest)} (clarity {latest.clarity}%, stability{' '}
            {latest.stability}%): these tips are chosen for it.
          </p>
          <ul className={styles.tips} data-testid="coaching-tips">
            {decideFeedback(measurementsFromPercentages(latest)).exercises.map((r) => (
              <li key={r.title}>
                <strong>{r.title}</strong>
                <span>{r.description}</span>
                <span className={styles.tipMeta}>
                  {r.duration} min · {r.difficulty}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
