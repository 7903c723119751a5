import { dots, linePath } from './chart-math';
import styles from './Wellness.module.css';
import { countText } from '../../lib/plural';

const W = 300;
const H = 120;
/** Room on the left for the 1 and 10 labels. */
const PX = 22;

interface Line {
  label: string;
  color: string;
  values: (number | null)[];
}

/** The 14-day mood and energy lines (1-10), with the days as a screen-reader summary. */
export function FortnightChart({
  lines,
  dates,
  note,
}: {
  lines: Line[];
  dates: string[];
  /** Said under the chart (what it includes that is waiting to sync). */
  note?: React.ReactNode;
}) {
  const summary = lines
    .map((l) => {
      const known = l.values.filter((v): v is number => v !== null);
      return known.length === 0
        ? `${l.label}: no entries`
        : `${l.label}: ${countText(known.length, 'day')}, latest ${Math.round((known[known.length - 1] ?? 0) * 10) / 10}`;
    })
    .join('; ');
  return (
    <section className={styles.card} aria-labelledby="fortnight-title">
      <h2 id="fortnight-title" className={styles.cardTitle}>
        Mood and energy, last 14 days
      </h2>
      <svg
        className={styles.chart}
        viewBox={`-8 -8 ${W + 16} ${H + 28}`}
        role="img"
        aria-label={`Mood and energy over the last 14 days. ${summary}`}
        data-testid="fortnight-chart"
      >
        {[1, 5.5, 10].map((v) => {
          const y = H - ((v - 1) / 9) * H;
          return (
            <line key={v} x1={0} x2={W} y1={y} y2={y} stroke="var(--color-line)" strokeDasharray="3 4" />
          );
        })}
        {lines.map((l) => (
          <g key={l.label} data-testid={`line-${l.label.toLowerCase()}`} transform={`translate(${PX} 0)`}>
            <path
              d={linePath(l.values, W - PX, H, 1, 10)}
              fill="none"
              stroke={l.color}
              strokeWidth={3}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            {dots(l.values, W - PX, H, 1, 10).map((p) => (
              <circle key={`${p.x}`} cx={p.x} cy={p.y} r={3.5} fill={l.color} />
            ))}
          </g>
        ))}
        <text x={PX} y={H + 20} fontSize={11} fill="var(--color-ink-soft)">
          {dates[0]?.slice(5)}
        </text>
        <text x={W} y={H + 20} fontSize={11} fill="var(--color-ink-soft)" textAnchor="end">
          today
        </text>
      </svg>
      <div className={styles.legend} aria-hidden>
        {lines.map((l) => (
          <span key={l.label}>
            <span className={styles.swatch} style={{ background: l.color }} />
            {l.label}
          </span>
        ))}
      </div>
      {note}
    </section>
  );
}

/** One vital's 14 days as a small line, scaled to its own range. */
export function Sparkline({
  label,
  values,
  latest,
}: {
  label: string;
  values: (number | null)[];
  latest: string;
}) {
  const known = values.filter((v): v is number => v !== null);
  const min = Math.min(...known);
  const max = Math.max(...known);
  const pad = min === max ? 1 : 0;
  return (
    <div className={styles.spark} data-testid="sparkline">
      <span className={styles.muted}>{label}</span>
      <span className={styles.sparkValue}>{latest}</span>
      <svg
        viewBox="-3 -3 106 36"
        className={styles.chart}
        role="img"
        aria-label={`${label}: ${countText(known.length, 'day')} in the last 14, latest ${latest}`}
      >
        <path
          d={linePath(values, 100, 30, min - pad, max + pad)}
          fill="none"
          stroke="var(--color-primary)"
          strokeWidth={2.5}
          strokeLinecap="round"
        />
        {dots(values, 100, 30, min - pad, max + pad).map((p) => (
          <circle key={p.x} cx={p.x} cy={p.y} r={2} fill="var(--color-primary)" />
        ))}
      </svg>
    </div>
  );
}
