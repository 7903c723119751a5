import type { StoredAnalysis } from '../growth-api';
import { dailyScores, monthChange } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';

/** A 30-day bar chart of the daily mean score, and the real month-over-month change. */
export function TrendsTab({ list }: { list: StoredAnalysis[] }) {
  const now = Date.now();
  const days = dailyScores(list, now);
  const measured = days.filter((d) => d.score !== null);
  if (measured.length === 0) return <NoData what="You have no recordings in the last 30 days." />;
  const change = monthChange(list, now);
  const w = 300;
  const h = 120;
  const bw = w / days.length;
  return (
    <div className={styles.card} data-testid="trend-chart">
      <h2>last 30 days</h2>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${w} ${h}`}
        role="img"
        aria-label={`daily scores on ${measured.length} of the last 30 days`}
      >
        {days.map((d, i) =>
          d.score === null ? null : (
            <rect
              key={d.day}
              x={i * bw + 1}
              y={h - (d.score / 100) * h}
              width={bw - 2}
              height={(d.score / 100) * h}
              rx={2}
              fill="var(--color-primary)"
            >
              <title>{`${d.day}: ${d.score}`}</title>
            </rect>
          ),
        )}
      </svg>
      <p data-testid="month-change">
        {change === null
          ? 'month-over-month change shows once you have recordings in two months'
          : `${change > 0 ? '+' : ''}${change}% this month`}
      </p>
    </div>
  );
}
