import { useEffect, useRef } from 'react';
import {
  AREA_MEANING,
  clarityWords,
  decideFeedback,
  measurementsFromPercentages,
  projectionWords,
  recordingInWords,
  resonanceWords,
  scoreColour,
  scoreMeaning,
  stabilityWords,
  TECHNICAL_TERMS,
} from '../../domain/voice';
import { hzToSemitone, noteName } from './format';
import type { VoiceAnalysis } from './recording-summary';
import styles from './Tuning.module.css';

/**
 * The result of a recording, words first (issue 31): one sentence ("Clear and steady: a strong
 * result."), the score out of 100 with what it means, the advice, then each of the four parts
 * in words with its percentage and a plain line. Pitch in Hz, volume, vibrato and the technical
 * names behind the parts (HNR, jitter, shimmer, spectral tilt) sit behind "details".
 */
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
      <p className={styles.lead} data-testid="score-words">
        {recordingInWords(analysis)}
      </p>
      <p className={styles.score} data-colour={colour}>
        <span data-testid="score-value" className={styles[`score_${colour}`]}>
          {analysis.overall}
        </span>
        <span className={styles.outOf}>/100</span>
      </p>
      <p className={styles.muted} data-testid="score-meaning">
        {analysis.overall} {scoreMeaning(analysis.overall)}
      </p>
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
      <dl className={styles.areas}>
        <Area label="clarity" value={analysis.clarity} words={clarityWords(analysis.clarity)} />
        <Area label="stability" value={analysis.stability} words={stabilityWords(analysis.stability)} />
        <Area
          label="projection"
          value={analysis.projection}
          words={projectionWords(analysis.projection, analysis.clippedShare)}
        />
        <Area label="resonance" value={analysis.resonance} words={resonanceWords(analysis.resonance)} />
      </dl>
      {analysis.pitchHz !== null && (
        <p className={styles.muted} data-testid="score-note">
          Your voice centred on {noteName(hzToSemitone(analysis.pitchHz))}.
        </p>
      )}
      <details className={styles.details} data-testid="score-details">
        <summary>details: pitch, volume and how each part is measured</summary>
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
        <div className={styles.terms}>
          <p>{TECHNICAL_TERMS.hz}</p>
          <p>{TECHNICAL_TERMS.volume}</p>
          {analysis.vibratoRateHz ? (
            <p>
              Vibrato: how many times a second your pitch swings, and how far either side.{' '}
              {TECHNICAL_TERMS.cents}
            </p>
          ) : null}
          <p>{TECHNICAL_TERMS.hnr}</p>
          <p>{TECHNICAL_TERMS.jitterShimmer}</p>
          <p>{TECHNICAL_TERMS.projection}</p>
          <p>{TECHNICAL_TERMS.resonance}</p>
        </div>
      </details>
    </section>
  );
}

function Area({ label, value, words }: { label: keyof typeof AREA_MEANING; value: number; words: string }) {
  return (
    <div className={styles.area}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.areaWords} data-testid={`score-${label}-words`}>
          {words}
        </span>{' '}
        <span data-testid={`score-${label}`}>{value}%</span>
      </dd>
      <dd className={styles.areaMeaning}>{AREA_MEANING[label]}</dd>
    </div>
  );
}
