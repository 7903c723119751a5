import { useEffect, useRef } from 'react';
import { decideFeedback, measurementsFromPercentages, scoreColour } from '../../domain/voice';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';

/** Score out of 100 (80/60 colours), four areas, feedback, up to two suggestions, pitch, volume. */
interface ScoreCardProps {
  analysis: VoiceAnalysis;
  title: string;
  testId?: string;
  /** Scroll the card into view when a new analysis arrives (the recorder fills a phone screen). */
  reveal?: boolean;
}

export function ScoreCard({ analysis, title, testId, reveal }: ScoreCardProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reveal) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    ref.current?.scrollIntoView?.({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, [reveal, analysis.id]);
  // Headline and suggestions from the one feedback table, so they cannot contradict each other.
  const feedback = decideFeedback(measurementsFromPercentages(analysis));
  const tips = feedback.tips;
  const colour = scoreColour(analysis.overall);
  return (
    <section
      ref={ref}
      className={styles.card}
      aria-labelledby={`${testId ?? 'score'}-title`}
      data-testid={testId}
    >
      <h2 id={`${testId ?? 'score'}-title`} className={styles.cardTitle}>
        {title}
      </h2>
      <p className={styles.score} data-colour={colour}>
        <span data-testid="score-value" className={styles[`score_${colour}`]}>
          {analysis.overall}
        </span>
        <span className={styles.outOf}>/100</span>
      </p>
      <dl className={styles.areas}>
        <Area label="clarity" value={analysis.clarity} />
        <Area label="stability" value={analysis.stability} />
        <Area label="projection" value={analysis.projection} />
        <Area label="resonance" value={analysis.resonance} />
      </dl>
      <p className={styles.feedback} data-testid="feedback-headline">
        {feedback.headline}
      </p>
      {tips.length > 0 && (
        <ul className={styles.suggestions} data-testid="feedback-tips">
          {tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>pitch</dt>
          <dd data-testid="score-pitch">
            {analysis.pitchHz === null ? '–' : `${Math.round(analysis.pitchHz)} Hz`}
          </dd>
        </div>
        <div>
          <dt>volume</dt>
          <dd>{analysis.volume}%</dd>
        </div>
        {analysis.vibratoRateHz ? (
          <div className={styles.wide}>
            <dt>vibrato</dt>
            <dd data-testid="score-vibrato">
              {analysis.vibratoRateHz} Hz, ±{analysis.vibratoExtentCents ?? 0} cents
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Area({ label, value }: { label: string; value: number }) {
  return (
    <div className={styles.area}>
      <dt>{label}</dt>
      <dd data-testid={`score-${label}`}>{value}%</dd>
    </div>
  );
}
