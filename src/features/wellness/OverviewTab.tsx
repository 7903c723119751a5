import { Button } from '../../ui/Button';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { useQueryView } from '../offline/saved-data/use-query-view';
import { StateMessage } from '../../ui/StateMessage';
import { dailySeries, lastDates, localDate } from './chart-math';
import { FortnightChart, Sparkline } from './Charts';
import { useInsights, useMoodFortnight, useVitalsFortnight, type BiometricType } from './wellness-api';
import { BIOMETRIC_TYPES, formatVital, insightEffect } from './wellness-text';
import { useWaitingMoods, useWaitingVitals, withDates } from './waiting';
import { withWaiting } from '../sync/waiting';
import styles from './Wellness.module.css';
import { countText } from '../../lib/plural';

/** Overview: today's check-in, 14-day mood and energy lines, vitals sparklines and insights. */
export function OverviewTab({ onTrackMood }: { onTrackMood: () => void }) {
  const today = localDate(Date.now());
  const dates = lastDates(today, 14);
  return (
    <>
      <TodayCheckIn today={today} onTrackMood={onTrackMood} />
      <MoodLines dates={dates} />
      <VitalsSparks dates={dates} />
      <InsightsCard />
    </>
  );
}

/** What waits in the outbox and is not stored yet, in words ("1 entry waiting to sync"). */
function WaitingNote({ count, what, testId }: { count: number; what: string; testId: string }) {
  if (count === 0) return null;
  return (
    <p className={styles.muted} data-testid={testId}>
      Includes {countText(count, what)} waiting to sync.
    </p>
  );
}

function TodayCheckIn({ today, onTrackMood }: { today: string; onTrackMood: () => void }) {
  const moods = useMoodFortnight();
  const waiting = useWaitingMoods();
  const shown = useSavedBlock(moods, "today's check-in");
  // A check-in saved offline is today's check-in too, also before anything was saved here.
  if (shown.data === undefined && waiting.length === 0) return shown.fallback;
  const latest = withDates(withWaiting(shown.data ?? [], waiting)).find((m) => m.localDate === today);
  return (
    <section className={styles.card} aria-labelledby="today-check-in" data-testid="today-check-in">
      <h2 id="today-check-in" className={styles.cardTitle}>
        Today's check-in
      </h2>
      {shown.note}
      {latest ? (
        <>
          <dl className={styles.scores}>
            {[
              ['Mood', latest.moodScore],
              ['Stress', latest.stressLevel],
              ['Anxiety', latest.anxietyLevel],
              ['Energy', latest.energyLevel],
            ].map(([label, v]) => (
              <div key={label} className={styles.score}>
                <dt>{label}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          {latest.waiting && <span className={styles.tag}>Waiting to sync</span>}
        </>
      ) : (
        <>
          <p className={styles.muted}>You haven't checked in today.</p>
          <Button variant="secondary" onClick={onTrackMood}>
            Check in now
          </Button>
        </>
      )}
    </section>
  );
}

function MoodLines({ dates }: { dates: string[] }) {
  const moods = useMoodFortnight();
  const waiting = useWaitingMoods();
  // The check-in above shows the loading, offline and error states; saved data shows here too.
  const view = useQueryView(moods);
  if (view.kind !== 'data' && waiting.length === 0) return null;
  const entries = withDates(withWaiting(view.kind === 'data' ? view.data : [], waiting));
  if (entries.length === 0) return <StateMessage kind="empty" title="No mood data yet" />;
  const points = (pick: (m: (typeof entries)[number]) => number) =>
    dailySeries(
      entries.map((m) => ({ localDate: m.localDate, value: pick(m) })),
      dates,
    );
  return (
    <FortnightChart
      dates={dates}
      lines={[
        { label: 'Mood', color: 'var(--color-primary)', values: points((m) => m.moodScore) },
        { label: 'Energy', color: 'var(--color-accent)', values: points((m) => m.energyLevel) },
      ]}
      note={
        <WaitingNote count={entries.filter((m) => m.waiting).length} what="entry" testId="mood-waiting" />
      }
    />
  );
}

function VitalsSparks({ dates }: { dates: string[] }) {
  const vitals = useVitalsFortnight();
  const waiting = useWaitingVitals();
  const shownVitals = useSavedBlock(vitals, 'your vitals');
  if (shownVitals.data === undefined && waiting.length === 0) return shownVitals.fallback;
  const all = withDates(withWaiting(shownVitals.data ?? [], waiting));
  if (all.length === 0) return <StateMessage kind="empty" title="No biometric data yet" />;
  const types = (Object.keys(BIOMETRIC_TYPES) as BiometricType[]).filter((t) =>
    all.some((v) => v.dataType === t),
  );
  return (
    <section className={styles.card} aria-labelledby="vitals-14">
      <h2 id="vitals-14" className={styles.cardTitle}>
        Vitals, last 14 days
      </h2>
      {shownVitals.note}
      <div className={styles.sparks}>
        {types.map((t) => {
          const of = all.filter((v) => v.dataType === t);
          const newest = of[0];
          return (
            <Sparkline
              key={t}
              label={BIOMETRIC_TYPES[t].label}
              latest={newest ? formatVital(newest.value, newest.unit) : ''}
              values={dailySeries(
                of.map((v) => ({ localDate: v.localDate, value: v.value })),
                dates,
              )}
            />
          );
        })}
      </div>
      <WaitingNote count={all.filter((v) => v.waiting).length} what="reading" testId="vitals-waiting" />
    </section>
  );
}

function InsightsCard() {
  const insights = useInsights();
  const shownInsights = useSavedBlock(insights, 'your insights');
  if (shownInsights.data === undefined) return shownInsights.fallback;
  const { insights: found, progress } = shownInsights.data;
  return (
    <section className={styles.card} aria-labelledby="insights" data-testid="insights">
      <h2 id="insights" className={styles.cardTitle}>
        Your insights
      </h2>
      {shownInsights.note}
      {found.length > 0 ? (
        <ul className={styles.list}>
          {found.map((i) => (
            <li key={i.id} className={styles.insight} data-testid="insight">
              <p>{i.message}</p>
              <p className={styles.muted}>
                {insightEffect(i)} · {countText(i.days, 'day')} of your data
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>
          No insights yet: they appear once at least 7 days of your own data show a clear pattern.
        </p>
      )}
      {progress.length > 0 && (
        <>
          <p className={styles.label}>To get {found.length > 0 ? 'more ' : ''}insights:</p>
          <ul className={styles.progressList} data-testid="insight-progress">
            {progress.map((p) => (
              <li key={p.id}>
                {p.track}{' '}
                {p.days >= p.daysNeeded
                  ? '(enough days, no clear pattern yet)'
                  : `(${p.days} of ${countText(p.daysNeeded, 'day')})`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
