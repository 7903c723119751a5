import { useState } from 'react';
import { QueryBlock } from '../../profile/QueryBlock';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { AVQI_BOUNDARY } from '../../assessment/measures';
import { localDate } from '../../wellness/chart-math';
import { usePracticeWeek, type PracticeWeek } from '../growth-api';
import { dayWithYear } from '../../../lib/dates';
import { assessmentsInWords, formatMetric, metricsOf } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';
import { countText, countWord } from '../../../lib/plural';

const DAY = 86_400_000;

/** The local day `days` after `isoDay` (negative: before). */
const shiftDay = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The assessments recorded on the member's local days `from`..`to`, inclusive. */
const onDays = (list: readonly ShownAssessment[], from: string, to: string) =>
  list.filter((a) => {
    const day = localDate(Date.parse(a.recordedAt));
    return day >= from && day <= to;
  });

/**
 * One week (the 7 local days ending today, or earlier weeks). Sessions and minutes are the
 * server's sums (GET /api/users/{id}/practice-week, from the practice ledger: one truth with
 * the journey and the profile). The same days' assessments (a check, not practice) are told in
 * words first, by counting them on the 2.43 boundary; the number shown is the typical (middle)
 * assessment's index, never a mean that no assessment measured (issue 31).
 */
export function WeeklyTab({ list }: { list: readonly ShownAssessment[] }) {
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
      <h2>{back === 0 || !week ? 'this week' : `${dayWithYear(week.start)} – ${dayWithYear(week.end)}`}</h2>
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
export function WeekView({ list, week }: { list: readonly ShownAssessment[]; week: PracticeWeek }) {
  const { sessions, minutes } = week;
  const assessments = onDays(list, week.start, week.end);
  const previous = metricsOf(onDays(list, shiftDay(week.start, -7), shiftDay(week.start, -1)));
  const m = metricsOf(assessments);
  const avqi = m?.voiceQualityScore ?? null;
  const before = previous?.voiceQualityScore ?? null;
  const insights: string[] = [];
  const wins: string[] = [];
  if (sessions >= 5) wins.push(`You practised ${countText(sessions, 'session')} this week.`);
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
  if (sessions === 0) insights.push('No sessions this week: a short one keeps your voice warm.');
  const words = assessmentsInWords(
    assessments.map((a) => a.avqi),
    week.end >= localDate(Date.now()) ? 'this week' : 'that week',
  );
  return (
    <>
      {words && (
        <p className={styles.lead} data-testid="week-words">
          {words}
        </p>
      )}
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
          <span className={styles.statValue}>
            {avqi === null ? '—' : formatMetric('voiceQualityScore', avqi)}
          </span>
          <span className={styles.statLabel}>
            {avqi === null ? 'no assessment' : assessments.length === 1 ? 'AVQI' : 'typical AVQI'}
          </span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{assessments.length}</span>
          <span className={styles.statLabel}>{countWord(assessments.length, 'assessment')}</span>
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
