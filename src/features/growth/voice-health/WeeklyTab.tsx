import { useState } from 'react';
import type { StoredAssessment } from '../../assessment/assessment-api';
import { AVQI_BOUNDARY } from '../../assessment/measures';
import type { Journey } from '../growth-api';
import { formatDay } from '../growth-text';
import { formatMetric, metricsOf, within } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';
import { countText, countWord } from '../../../lib/plural';

const DAY = 86_400_000;

/**
 * One week (the 7 days ending today, or earlier weeks): sessions and minutes from the practice
 * ledger (the journey's completions), the week's voice assessments, and what they say.
 */
export function WeeklyTab({ list, journey }: { list: StoredAssessment[]; journey: Journey }) {
  const [back, setBack] = useState(0);
  const end = Date.now() - back * 7 * DAY;
  const start = end - 7 * DAY;
  const sessions = journey.completions.filter((c) => {
    const t = Date.parse(c.completedAt);
    return t >= start && t < end;
  });
  const assessments = within(list, start, end);
  const previous = metricsOf(within(list, start - 7 * DAY, start));
  const m = metricsOf(assessments);
  const avqi = m?.voiceQualityScore ?? null;
  const before = previous?.voiceQualityScore ?? null;
  // Practice minutes are the ledger's only: an assessment is a check, not practice.
  const minutes = sessions.reduce((n, c) => n + c.minutes, 0);
  const insights: string[] = [];
  const wins: string[] = [];
  if (sessions.length >= 5) wins.push(`You practised ${countText(sessions.length, 'session')} this week.`);
  if (avqi !== null && avqi <= AVQI_BOUNDARY)
    wins.push(
      `Your voice quality index was ${formatMetric('voiceQualityScore', avqi)}: in the typical range.`,
    );
  // Changes under 0.5 are within the index's day-to-day spread: not called a rise or a dip.
  if (avqi !== null && before !== null && before - avqi >= 0.5)
    wins.push(`Your voice quality index improved by ${(before - avqi).toFixed(2)} on the week before.`);
  if (avqi !== null && before !== null && avqi - before >= 0.5)
    insights.push(
      `Your voice quality index rose by ${(avqi - before).toFixed(2)} on the week before: rest and hydrate, then check again.`,
    );
  if (m?.breathSupport != null && m.breathSupport < 15)
    insights.push('Your longest "ah" was under 15 seconds: low, slow breathing exercises can help.');
  if (sessions.length === 0) insights.push('No sessions this week: a short one keeps your voice warm.');
  return (
    <>
      <div className={styles.monthNav}>
        <button
          type="button"
          className={styles.navButton}
          aria-label="previous week"
          onClick={() => setBack(back + 1)}
        >
          ‹
        </button>
        <h2>
          {back === 0
            ? 'this week'
            : `${formatDay(new Date(start).toISOString())} – ${formatDay(new Date(end - 1).toISOString())}`}
        </h2>
        <button
          type="button"
          className={styles.navButton}
          aria-label="next week"
          disabled={back === 0}
          onClick={() => setBack(Math.max(0, back - 1))}
        >
          ›
        </button>
      </div>
      <div className={styles.statGrid} data-testid="week-stats">
        <div className={styles.stat}>
          <span className={styles.statValue}>{sessions.length}</span>
          <span className={styles.statLabel}>{countWord(sessions.length, 'session')}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{minutes}</span>
          <span className={styles.statLabel}>{countWord(minutes, 'minute')}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>
            {avqi === null ? '—' : formatMetric('voiceQualityScore', avqi)}
          </span>
          <span className={styles.statLabel}>{avqi === null ? 'no assessment' : 'average AVQI'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{assessments.length}</span>
          <span className={styles.statLabel}>{countWord(assessments.length, 'assessment')}</span>
        </div>
      </div>
      {!m && sessions.length === 0 ? (
        <NoData what="Nothing was measured this week." />
      ) : (
        <>
          <div className={styles.card}>
            <h2>personalised insights</h2>
            {insights.length ? (
              insights.map((t) => <p key={t}>{t}</p>)
            ) : (
              <p className={styles.muted}>Steady week: keep going.</p>
            )}
          </div>
          <div className={styles.card}>
            <h2>this week's wins</h2>
            {wins.length ? (
              wins.map((t) => <p key={t}>{t}</p>)
            ) : (
              <p className={styles.muted}>Every session counts; wins show here.</p>
            )}
          </div>
        </>
      )}
    </>
  );
}
