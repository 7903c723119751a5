import { useState } from 'react';
import { QueryBlock } from '../../profile/QueryBlock';
import { usePracticeWeek, type PracticeWeek, type StoredAnalysis } from '../growth-api';
import { formatDay } from '../growth-text';
import { metricsOf } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';
import { countText, countWord } from '../../../lib/plural';

const DAY = 86_400_000;

/** The local day `days` after `isoDay` (negative: before). */
const shiftDay = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The kept analyses of the member's local days `from`..`to`, inclusive. */
const onDays = (list: readonly StoredAnalysis[], from: string, to: string) =>
  list.filter((a) => a.localDate >= from && a.localDate <= to);

/**
 * One week (the 7 local days ending today, or earlier weeks). Sessions and minutes are the
 * server's sums (GET /api/users/{id}/practice-week, from the practice ledger: one truth with
 * the journey and the profile); the score is the mean of the same days' kept analyses.
 */
export function WeeklyTab({ list }: { list: StoredAnalysis[] }) {
  const [back, setBack] = useState(0);
  const week = usePracticeWeek(back);
  return (
    <>
      <WeekNav back={back} week={week.data} onBack={setBack} />
      <QueryBlock query={week} what="this week's practice">
        {(w) => <WeekView list={list} week={w} />}
      </QueryBlock>
    </>
  );
}

function WeekNav({
  back,
  week,
  onBack,
}: {
  back: number;
  week: PracticeWeek | undefined;
  onBack: (back: number) => void;
}) {
  return (
    <div className={styles.monthNav}>
      <button
        type="button"
        className={styles.navButton}
        aria-label="previous week"
        onClick={() => onBack(back + 1)}
      >
        ‹
      </button>
      <h2>
        {back === 0 || !week
          ? 'this week'
          : `${formatDay(`${week.start}T12:00:00Z`)} – ${formatDay(`${week.end}T12:00:00Z`)}`}
      </h2>
      <button
        type="button"
        className={styles.navButton}
        aria-label="next week"
        disabled={back === 0}
        onClick={() => onBack(Math.max(0, back - 1))}
      >
        ›
      </button>
    </div>
  );
}

/** One week's numbers and what they say, from the server's `week` and the same days' recordings. */
export function WeekView({ list, week }: { list: StoredAnalysis[]; week: PracticeWeek }) {
  const { sessions, minutes } = week;
  const recordings = onDays(list, week.start, week.end);
  const previous = metricsOf(onDays(list, shiftDay(week.start, -7), shiftDay(week.start, -1)));
  const m = metricsOf(recordings);
  const insights: string[] = [];
  const wins: string[] = [];
  if (sessions >= 5) wins.push(`You practised ${countText(sessions, 'session')} this week.`);
  if (m && m.voiceQualityScore >= 80) wins.push(`Your average score was ${m.voiceQualityScore}: excellent.`);
  if (m && previous && m.voiceQualityScore > previous.voiceQualityScore)
    wins.push(
      `Your score rose by ${m.voiceQualityScore - previous.voiceQualityScore} points on the week before.`,
    );
  if (m && previous && m.voiceQualityScore < previous.voiceQualityScore)
    insights.push(
      `Your score dipped by ${previous.voiceQualityScore - m.voiceQualityScore} points: rest and hydrate, then try again.`,
    );
  if (sessions === 0) insights.push('No sessions this week: a short one keeps your voice warm.');
  if (m && m.vocalTension > 50)
    insights.push('Your voice was unsteady this week: start with relaxing exercises.');
  return (
    <>
      <div className={styles.statGrid} data-testid="week-stats">
        <div className={styles.stat}>
          <span className={styles.statValue}>{sessions}</span>
          <span className={styles.statLabel}>{countWord(sessions, 'session')}</span>
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
          <span className={styles.statValue}>{week.recordings}</span>
          <span className={styles.statLabel}>recordings</span>
        </div>
      </div>
      {!m && sessions === 0 ? (
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
