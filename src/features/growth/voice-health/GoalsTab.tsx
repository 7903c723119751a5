import { useId, useState, type FormEvent } from 'react';
import { writeErrorText } from '../../../lib/outbox/online-only';
import { StateMessage } from '../../../ui/StateMessage';
import { QueryBlock } from '../../profile/QueryBlock';
import { usePendingOfKind } from '../../sync/pending-writes-queries';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { GOAL_TARGETS } from '../../../domain/voice/goal-targets';
import {
  useAddGoal,
  useDeleteGoal,
  useGoals,
  type GoalMetric,
  type NewGoal,
  type VoiceGoal,
} from '../growth-api';
import { dayWithYear } from '../../../lib/dates';
import { formatMetric, isMeasured, METRIC_TEXT, metricsOf, type MeasuredMetric } from '../voice-health';
import { GoalCard, labelOf } from './GoalCard';
import { useNewestRange } from './use-newest-range';
import styles from '../Growth.module.css';

/** Goals can be set on what is measured; resonance and tension are not (see NOT_MEASURED). */
const METRICS = Object.keys(METRIC_TEXT) as MeasuredMetric[];

const valueText = (metric: GoalMetric, v: number) =>
  isMeasured(metric) ? formatMetric(metric, v) : String(v);

/**
 * Goals stored on the server; current values come from the member's latest assessments. A goal
 * that cannot be followed (set on the retired 0-100 blends, or on what is not measured) can be
 * removed here.
 */
export function GoalsTab({ list }: { list: readonly ShownAssessment[] }) {
  const goals = useGoals();
  const remove = useDeleteGoal();
  const [open, setOpen] = useState(false);
  const range = useNewestRange();
  // The latest three assessments, so a goal shows progress even after a quiet week; the range
  // from the newest range check.
  const fromAssessments = metricsOf(list.slice(0, 3));
  const current =
    fromAssessments || range.semitones !== null
      ? {
          voiceQualityScore: null,
          tonalClarity: null,
          breathSupport: null,
          ...fromAssessments,
          voiceRange: range.semitones,
        }
      : null;
  return (
    <>
      <button type="button" className={styles.action} onClick={() => setOpen(!open)} aria-expanded={open}>
        set new goal
      </button>
      {open && <GoalForm onDone={() => setOpen(false)} rangeOpen={range.open} />}
      <WaitingGoals stored={goals.data ?? []} />
      <QueryBlock query={goals} what="your goals" isEmpty={(g) => g.length === 0} emptyText="no goals yet">
        {(g) => (
          <ul className={styles.list}>
            {g.map((goal) => (
              <GoalCard
                key={goal.id}
                goal={goal}
                current={current}
                onRemove={(id) => remove.mutate(id)}
                removing={remove.isPending && remove.variables === goal.id}
              />
            ))}
          </ul>
        )}
      </QueryBlock>
      {remove.isError && (
        <StateMessage kind="error" title={writeErrorText(remove.error, 'We could not remove the goal.')} />
      )}
    </>
  );
}

/**
 * Goals set offline that still wait in the outbox: shown as set, marked as waiting to sync. A
 * goal the server already holds (the same metric, target and date: sent, the answer lost) is
 * shown once, as stored.
 */
function WaitingGoals({ stored }: { stored: readonly VoiceGoal[] }) {
  const waiting = usePendingOfKind('goal').filter((item) => {
    const goal = item.body as NewGoal;
    return !stored.some(
      (g) =>
        g.targetMetric === goal.metric &&
        g.targetValue === goal.targetValue &&
        g.targetDate.slice(0, 10) === goal.targetDate.slice(0, 10),
    );
  });
  if (waiting.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="goals waiting to sync">
      {waiting.map((item) => {
        const goal = item.body as NewGoal;
        return (
          <li key={item.key} className={styles.card} data-testid="goal">
            <h2>{labelOf(goal.metric)}</h2>
            <p className={styles.muted}>due {dayWithYear(goal.targetDate)}</p>
            <p className={styles.muted}>
              target {valueText(goal.metric, goal.targetValue)} · Waiting to sync
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function GoalForm({ onDone, rangeOpen }: { onDone: () => void; rangeOpen: boolean }) {
  const id = useId();
  const add = useAddGoal();
  const [metric, setMetric] = useState<MeasuredMetric>('voiceQualityScore');
  const [target, setTarget] = useState(String(METRIC_TEXT.voiceQualityScore.defaultTarget));
  const [date, setDate] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate({ metric, targetValue: Number(target), targetDate: date }, { onSuccess: onDone });
  };
  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} aria-label="new goal">
      <label htmlFor={`${id}-metric`}>
        metric
        <select
          id={`${id}-metric`}
          value={metric}
          onChange={(e) => {
            const next = e.target.value as MeasuredMetric;
            setMetric(next);
            setTarget(String(METRIC_TEXT[next].defaultTarget));
          }}
        >
          {/* A range goal is followed by range checks, which open at level 6. */}
          {METRICS.filter((m) => m !== 'voiceRange' || rangeOpen).map((m) => (
            <option key={m} value={m}>
              {METRIC_TEXT[m].label}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${id}-target`}>
        {metric === 'voiceQualityScore'
          ? 'target (AVQI, lower is better)'
          : `target (${METRIC_TEXT[metric].unit})`}
        <input
          id={`${id}-target`}
          type="number"
          min={GOAL_TARGETS[metric].min}
          max={GOAL_TARGETS[metric].max}
          step={metric === 'voiceQualityScore' ? 0.1 : metric === 'voiceRange' ? 1 : 0.5}
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
