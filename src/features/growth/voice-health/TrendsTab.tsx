import type { ShownAssessment } from '../../assessment/assessment-api';
import { AVQI_BOUNDARY, SCALE_MAX } from '../../assessment/measures';
import { assessmentsInWords, dailyAvqi, monthChange } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';
import { shortDay } from '../../../lib/dates';

/**
 * Words first (issue 31): the last 30 days' assessments counted on the 2.43 boundary; then a
 * 30-day bar chart of each day's typical (middle) AVQI with the boundary drawn, and the change of
 * the typical AVQI from the month before.
 */
export function TrendsTab({ list }: { list: readonly ShownAssessment[] }) {
  const now = Date.now();
  const days = dailyAvqi(list, now);
  const measured = days.filter((d) => d.avqi !== null);
  if (measured.length === 0) return <NoData what="You have no voice assessment in the last 30 days." />;
  const change = monthChange(list, now);
  const month = list.filter(
    (a) => Date.parse(a.recordedAt) >= now - 30 * 86_400_000 && Date.parse(a.recordedAt) <= now,
  );
  const words = assessmentsInWords(
    month.map((a) => a.avqi),
    'in the last 30 days',
  );
  const w = 300;
  const h = 120;
  const bw = w / days.length;
  const y = (v: number) => h - (Math.min(SCALE_MAX, Math.max(0, v)) / SCALE_MAX) * h;
  return (
    <div className={styles.card} data-testid="trend-chart">
      <h2>voice quality index (AVQI), last 30 days</h2>
      {words && (
        <p className={styles.lead} data-testid="trend-words">
          {words}
        </p>
      )}
      <svg
        className={styles.chart}
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-label={`each day's typical AVQI on ${measured.length} of the last 30 days; the dashed line is the ${AVQI_BOUNDARY} boundary, lower is better`}
      >
        {days.map((d, i) =>
          d.avqi === null ? null : (
            <rect
              key={d.day}
              x={i * bw + 1}
              y={y(d.avqi)}
              width={bw - 2}
              height={h - y(d.avqi)}
              rx={2}
              fill="var(--color-primary)"
            >
              <title>{`${shortDay(d.day)}: AVQI ${d.avqi.toFixed(2)}`}</title>
            </rect>
          ),
        )}
        <line
          x1={0}
          x2={w}
          y1={y(AVQI_BOUNDARY)}
          y2={y(AVQI_BOUNDARY)}
          stroke="var(--color-ink)"
          strokeDasharray="4 3"
        />
      </svg>
      <p className={styles.muted}>
        Lower is better. The dashed line is the {AVQI_BOUNDARY} boundary. A day with more than one assessment
        shows its middle one.
      </p>
      <p data-testid="month-change">
        {change === null
          ? 'the change over a month shows once you have assessments in two months'
          : Math.abs(change) < 0.5
            ? 'about the same as the month before'
            : `your typical AVQI is ${Math.abs(change).toFixed(2)} ${change < 0 ? 'lower (better)' : 'higher (less good)'} than the month before`}
      </p>
    </div>
  );
}
