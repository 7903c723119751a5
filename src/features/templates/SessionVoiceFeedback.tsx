import type { Feedback } from '../../domain/voice';
import styles from './Templates.module.css';

/**
 * After a session with the microphone on: what the feedback table (src/domain/voice/feedback.ts)
 * says about the voice heard, in the tuning room's words, or that no voice was heard.
 */
export function SessionVoiceFeedback({ feedback }: { feedback: Feedback }) {
  return (
    <section
      className={`${styles.exercise} ${styles.voiceFeedback}`}
      aria-labelledby="session-voice-title"
      data-testid="session-voice-feedback"
      data-heard={feedback.heard}
    >
      <h2 id="session-voice-title" className={styles.exerciseLabel}>
        your voice in this session
      </h2>
      <p className={styles.voiceFeedbackHeadline} data-testid="feedback-headline">
        {feedback.headline}
      </p>
      {feedback.tips.length > 0 && (
        <ul className={styles.voiceFeedbackTips} data-testid="feedback-tips">
          {feedback.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
