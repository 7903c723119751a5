import type { VoiceGoal, GoalMetric } from '../growth-api';
import { dayWithYear } from '../../../lib/dates';
import {
  formatMetric,
  goalProgress,
  isMeasured,
  METRIC_TEXT,
  NOT_MEASURED,
  type Metrics,
} from '../voice-health';
import styles from '../Growth.module.css';

export const labelOf = (metric: GoalMetric) =>
  isMeasured(metric) ? METRIC_TEXT[metric].label : NOT_MEASURED[metric].label;

/** What a retired goal says instead of numbers: its scale is gone, and what replaced it. */
function retiredText(metric: GoalMetric): string {
  const gone =
    'This goal was set on the old 0–100 score, a blend of our own measures that voice health no longer shows, so it cannot be followed.';
  if (isMeasured(metric)) return `${gone} Remove it and set a new one on ${METRIC_TEXT[metric].label}.`;
  const { label, why } = NOT_MEASURED[metric];
  return `${gone} ${label.charAt(0).toUpperCase()}${label.slice(1)} is not measured yet: ${why}`;
}

/**
 * One stored goal. A goal in the assessments' units shows its current value (from the latest
 * assessments) and progress; a goal on a metric without a validated measure says "not measured
 * yet" and why; a goal set on the retired 0-100 blends shows no number at all, since no measure
 * of today is on its scale.
 */
export function GoalCard({
  goal,
  current,
  onRemove,
  removing = false,
}: {
  goal: VoiceGoal;
  current: Metrics | null;
  onRemove: (id: number) => void;
  removing?: boolean;
}) {
  const metric = goal.targetMetric;
  const retired = goal.scale === 'retired-blend';
  const measured = !retired && isMeasured(metric);
  const now = measured ? (current?.[metric] ?? null) : null;
  const p = measured && now !== null ? goalProgress(metric, now, goal.targetValue) : null;
  return (
    <li className={styles.card} data-testid="goal">
      <h2>{labelOf(metric)}</h2>
      <p className={styles.muted}>due {dayWithYear(goal.targetDate)}</p>
      {measured && (
        <div className={styles.row}>
          <span>current {now === null ? '—' : formatMetric(metric, now)}</span>
          <span>target {formatMetric(metric, goal.targetValue)}</span>
        </div>
      )}
      {measured && p && (
        <>
          <div className={styles.bar} aria-hidden="true">
            <div className={styles.barFill} style={{ width: `${Math.min(100, p.percent)}%` }} />
          </div>
          <p className={styles.muted}>
            {p.percent}% complete · {p.toGo === 0 ? 'goal reached' : `${formatMetric(metric, p.toGo)} to go`}
          </p>
        </>
      )}
      {measured && !p && (
        <p className={styles.muted}>
          {metric === 'voiceRange'
            ? 'Check your range to measure your progress.'
            : 'Take the voice assessment to measure your progress.'}
        </p>
      )}
      {retired && <p className={styles.muted}>{retiredText(metric)}</p>}
      {!retired && !isMeasured(metric) && (
        <p className={styles.muted}>not measured yet: {NOT_MEASURED[metric].why}</p>
      )}
      {!measured && (
        <button type="button" className={styles.action} disabled={removing} onClick={() => onRemove(goal.id)}>
          {removing ? 'removing…' : 'remove this goal'}
        </button>
      )}
    </li>
  );
}
