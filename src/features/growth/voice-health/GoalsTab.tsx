import { useId, useState, type FormEvent } from 'react';
import { writeErrorText } from '../../../lib/outbox/online-only';
import { StateMessage } from '../../../ui/StateMessage';
import { QueryBlock } from '../../profile/QueryBlock';
import { usePendingOfKind } from '../../sync/pending-writes-queries';
import { useAddGoal, useGoals, type GoalMetric, type NewGoal, type StoredAnalysis } from '../growth-api';
import { formatDay } from '../growth-text';
import { goalProgress, METRIC_TEXT, metricsOf } from '../voice-health';
import styles from '../Growth.module.css';

const METRICS = Object.keys(METRIC_TEXT) as GoalMetric[];

/** Goals stored on the server; current values come from the last 7 days of recordings (or the latest ones). */
export function GoalsTab({ list }: { list: StoredAnalysis[] }) {
  const goals = useGoals();
  const [open, setOpen] = useState(false);
  // The latest ten recordings, so a goal shows progress even after a quiet week.
  const current = metricsOf(list.slice(0, 10));
  return (
    <>
      <button type="button" className={styles.action} onClick={() => setOpen(!open)} aria-expanded={open}>
        set new goal
      </button>
      {open && <GoalForm onDone={() => setOpen(false)} />}
      <WaitingGoals />
      <QueryBlock query={goals} what="your goals" isEmpty={(g) => g.length === 0} emptyText="no goals yet">
        {(g) => (
          <ul className={styles.list}>
            {g.map((goal) => {
              const now = current?.[goal.targetMetric];
              const p = now === undefined ? null : goalProgress(goal.targetMetric, now, goal.targetValue);
              return (
                <li key={goal.id} className={styles.card} data-testid="goal">
                  <h2>{METRIC_TEXT[goal.targetMetric].label}</h2>
                  <p className={styles.muted}>due {formatDay(`${goal.targetDate}T12:00:00Z`, 'UTC')}</p>
                  <div className={styles.row}>
                    <span>current {now === undefined ? '—' : now}</span>
                    <span>target {goal.targetValue}</span>
                  </div>
                  {p ? (
                    <>
                      <div className={styles.bar} aria-hidden="true">
                        <div className={styles.barFill} style={{ width: `${Math.min(100, p.percent)}%` }} />
                      </div>
                      <p className={styles.muted}>
                        {p.percent}% complete · {p.toGo === 0 ? 'goal reached' : `${p.toGo} points to go`}
                      </p>
                    </>
                  ) : (
                    <p className={styles.muted}>Record in the tuning room to measure your progress.</p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryBlock>
    </>
  );
}

/** Goals set offline that still wait in the outbox: shown as set, marked as waiting to sync. */
function WaitingGoals() {
  const waiting = usePendingOfKind('goal');
  if (waiting.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="goals waiting to sync">
      {waiting.map((item) => {
        const goal = item.body as NewGoal;
        return (
          <li key={item.key} className={styles.card} data-testid="goal">
            <h2>{METRIC_TEXT[goal.metric].label}</h2>
            <p className={styles.muted}>due {formatDay(`${goal.targetDate}T12:00:00Z`, 'UTC')}</p>
            <p className={styles.muted}>target {goal.targetValue} · Waiting to sync</p>
          </li>
        );
      })}
    </ul>
  );
}

function GoalForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const add = useAddGoal();
  const [metric, setMetric] = useState<GoalMetric>('voiceQualityScore');
  const [target, setTarget] = useState('80');
  const [date, setDate] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ metric, targetValue: Number(target), targetDate: date }, { onSuccess: onDone });
  };
  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} aria-label="new goal">
      <label htmlFor={`${id}-metric`}>
        metric
        <select id={`${id}-metric`} value={metric} onChange={(e) => setMetric(e.target.value as GoalMetric)}>
          {METRICS.map((m) => (
            <option key={m} value={m}>
              {METRIC_TEXT[m].label}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-target`}>
        target (0-100)
        <input
          id={`${id}-target`}
          type="number"
          min={0}
          max={100}
          required
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-date`}>
        target date
        <input
          id={`${id}-date`}
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </label>
      {add.isError && (
        <StateMessage kind="error" title={writeErrorText(add.error, 'We could not save your goal.')} />
      )}
      <button type="submit" className={styles.action} disabled={add.isPending}>
        {add.isPending ? 'saving…' : 'save goal'}
      </button>
    </form>
  );
}
