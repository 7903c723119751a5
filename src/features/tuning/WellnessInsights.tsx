import { clarityWords } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';
import { countText } from '../../lib/plural';

/**
 * Section 5. The product this comes from claimed a fixed 15-20% clarity gain from practice;
 * we cannot promise a number, so the texts say what practice aims at, and the only personal
 * figures are the member's own measured ones.
 */
export const INSIGHTS = [
  {
    title: 'Little and often',
    text: 'Consistent practice aims at a clearer, steadier voice. A few minutes most days tends to help more than one long session a week.',
  },
  {
    title: 'Rest and water',
    text: 'A rested, well-hydrated voice usually sounds clearer. If your throat feels tight or sore, take a quieter day.',
  },
  {
    title: 'Warm up first',
    text: 'Gentle humming and slow sighs ease your voice in before you sing or speak at length.',
  },
] as const;

export function WellnessInsights({ sessions }: { sessions: VoiceAnalysis[] }) {
  const first = sessions[0];
  const latest = sessions[sessions.length - 1];
  const personal = first && latest && sessions.length >= 2 ? { first, latest } : null;
  return (
    <section className={styles.card} aria-labelledby="insights-title">
      <h2 id="insights-title" className={styles.cardTitle}>
        voice wellness insights
      </h2>
      <ul className={styles.insights}>
        {personal && (
          <li data-testid="personal-insight">
            <strong>Your clarity so far</strong>
            <span>
              Your first recording sounded {clarityWords(personal.first.clarity)}; your latest sounds{' '}
              {clarityWords(personal.latest.clarity)} (clarity {personal.first.clarity}% then,{' '}
              {personal.latest.clarity}% now; {countText(sessions.length, 'recording')} so far).
            </span>
          </li>
        )}
        {INSIGHTS.map((i) => (
          <li key={i.title}>
            <strong>{i.title}</strong>
            <span>{i.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
