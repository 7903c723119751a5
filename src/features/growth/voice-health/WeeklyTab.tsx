import { useState } from 'react';
import type { Journey, StoredAnalysis } from '../growth-api';
import { formatDay } from '../growth-text';
import { metricsOf, within } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';
import { countText, countWord } from '../../../lib/plural';

const DAY = 86_400_000;

/** One week (the 7 days ending today, or earlier weeks): sessions, minutes, score, and what they say. */
export function WeeklyTab({ list, journey }: { list: StoredAnalysis[]; journey: Journey }) {
  const [back, setBack] = useState(0);
  const end = Date.now() - back * 7 * DAY;
  const start = end - 7 * DAY;
  const sessions = journey.completions.filter((c) => {
    const t = Date.parse(c.completedAt);
    return t >= start && t < end;
  });
  const recordings = within(list, start, end);
  const previous = metricsOf(within(list, start - 7 * DAY, start));
  const m = metricsOf(recordings);
  const minutes =
    sessions.reduce((n, c) => n + c.minutes, 0) +
    Math.round(recordings.reduce((n, r) => n + r.durationSec, 0) / 60);
  const insights: string[] = [];
  const wins: string[] = [];
  if (sessions.length >= 5) wins.push(`You practised ${countText(sessions.length, 'session')} this week.`);
  if (m && m.voiceQualityScore >= 80) wins.push(`Your average score was ${m.voiceQualityScore}: excellent.`);
  if (m && previous && m.voiceQualityScore > previous.voiceQualityScore)
    wins.push(
      `Your score rose by ${m.voiceQualityScore - previous.voiceQualityScore} points on the week before.`,
    );
  if (m && previous && m.voiceQualityScore < previous.voiceQualityScore)
    insights.push(
      `Your score dipped by ${previous.voiceQualityScore - m.voiceQualityScore} points: rest and hydrate, then try again.`,
    );
  if (sessions.length === 0) insights.push('No sessions this week: a short one keeps your voice warm.');
  if (m && m.vocalTension > 50)
    insights.push('Your voice was unsteady this week: start with relaxing exercises.');
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
          <span className={styles.statValue}>{m ? m.voiceQualityScore : '—'}</span>
          <span className={styles.statLabel}>{m ? 'average score' : 'no recordings'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{recordings.length}</span>
          <span className={styles.statLabel}>recordings</span>
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
