import { Link } from 'react-router-dom';
import { QueryBlock } from '../profile/QueryBlock';
import type { OutboxItem } from '../../lib/outbox/outbox';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { notYetStored } from '../sync/waiting';
import { localDate } from '../wellness/chart-math';
import { usePitchResults, type NewPitchResult, type StoredPitchResult } from './pitch-api';
import { accuracyByDay, spanInWords, spanText, weekOverWeek } from './pitch-accuracy';
import styles from './PitchMatch.module.css';
import { shortDay } from '../../lib/dates';

/**
 * Voice health's pitch accuracy over time: the scores of the member's "match the note" takes,
 * one bar per day they sang in the last 30 days (the day's typical take: the middle score, never
 * a mean that no take scored), and this week against the one before in words.
 */
export function PitchAccuracyCard() {
  const results = usePitchResults();
  const pending = usePendingOfKind('pitch-result');
  return (
    <section className={styles.card} aria-labelledby="pitch-accuracy-title" data-testid="pitch-accuracy">
      <h2 id="pitch-accuracy-title" className={styles.cardTitle}>
        pitch accuracy
      </h2>
      <QueryBlock
        query={results}
        what="your pitch accuracy"
        isEmpty={(list) => list.length === 0 && pending.length === 0}
        emptyText="No pitch exercises yet. Sing one in the tuning room’s “match the note” and your accuracy shows here."
      >
        {(list) => <Accuracy list={withWaitingTakes(list, pending)} />}
      </QueryBlock>
      <Link to="/tuning-room">match the note in the tuning room</Link>
    </section>
  );
}

/**
 * Takes saved offline count here too, marked, until the stored take replaces them (one entry
 * per recordedAt: src/features/sync/waiting.ts). A waiting take's day is this device's.
 */
function withWaitingTakes(stored: StoredPitchResult[], pending: OutboxItem[]): ShownTake[] {
  const waiting = notYetStored(
    stored,
    pending.map((i) => i.body as NewPitchResult),
  ).map((t) => ({ ...t, localDate: localDate(Date.parse(t.recordedAt)), waiting: true }));
  return [...stored.map((s) => ({ ...s, waiting: false })), ...waiting];
}
type ShownTake = Pick<StoredPitchResult, 'notes' | 'score' | 'recordedAt' | 'localDate'> & {
  waiting: boolean;
};

function Accuracy({ list }: { list: ShownTake[] }) {
  const now = Date.now();
  const waiting = list.filter((t) => t.waiting).length;
  const days = accuracyByDay(list, now);
  const weeks = weekOverWeek(list, now);
  const w = 300;
  const h = 100;
  const bw = w / 30;
  const start = now - 29 * 86_400_000;
  const slot = (day: string) => Math.max(0, Math.min(29, Math.round((Date.parse(day) - start) / 86_400_000)));
  const words = spanInWords(weeks.thisWeek, 'in the last 7 days');
  return (
    <>
      {words && (
        <p className={styles.lead} data-testid="pitch-accuracy-words">
          {words}
        </p>
      )}
      {days.length > 0 && (
        <svg
          className={styles.chart}
          viewBox={`0 0 ${w} ${h}`}
          role="img"
          aria-label={`typical pitch-matching score on ${days.length} of the last 30 days: ${days
            .map((d) => `${shortDay(d.day)} ${d.score}`)
            .join(', ')}`}
        >
          {days.map((d) => (
            <rect
              key={d.day}
              x={slot(d.day) * bw + 1}
              y={h - (d.score / 100) * h}
              width={bw - 2}
              height={Math.max(1, (d.score / 100) * h)}
              rx={2}
              fill="var(--color-primary)"
            >
              <title>{`${shortDay(d.day)}: ${d.takes === 1 ? `1 take, ${d.score}/100` : `typical take ${d.score}/100 of ${d.takes} takes`}`}</title>
            </rect>
          ))}
        </svg>
      )}
      <dl className={styles.accuracy}>
        <dt>last 7 days</dt>
        <dd data-testid="pitch-accuracy-week">{spanText(weeks.thisWeek)}</dd>
        {waiting > 0 && (
          <dd className={styles.muted} data-testid="pitch-waiting">
            Includes {waiting === 1 ? '1 take' : `${waiting} takes`} waiting to sync.
          </dd>
        )}
        <dt>the 7 days before</dt>
        <dd>{spanText(weeks.lastWeek)}</dd>
        {weeks.change !== null && (
          <>
            <dt>change</dt>
            <dd data-testid="pitch-accuracy-change">
              {weeks.change === 0
                ? 'your typical take scored the same as the week before'
                : `your typical take scored ${Math.abs(weeks.change)} ${Math.abs(weeks.change) === 1 ? 'point' : 'points'} ${
                    weeks.change > 0 ? 'higher' : 'lower'
                  } than the week before`}
            </dd>
          </>
        )}
      </dl>
    </>
  );
}
