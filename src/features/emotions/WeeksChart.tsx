import type { WeekValence } from '../../domain/emotions';
import { valenceWord, weekLabel } from './emotion-text';
import styles from './EmotionsScreen.module.css';

const W = 320;
const H = 120;
/** Room on the left for the scale's words. */
const LEFT = 70;
const y = (v: number) => H / 2 - (v / 2) * (H / 2 - 8);

/**
 * Each week, before (hollow) and after (filled), on the pleasant-to-unpleasant scale, joined
 * by a line: the words above say it first; the table below says it for a screen reader.
 */
export function WeeksChart({ weeks }: { weeks: readonly WeekValence[] }) {
  const step = (W - LEFT) / weeks.length;
  return (
    <figure className={styles.figure}>
      <svg viewBox={`0 -6 ${W} ${H + 30}`} className={styles.chart} aria-hidden data-testid="weeks-chart">
        <line x1={LEFT} x2={W} y1={y(0)} y2={y(0)} stroke="var(--color-line)" strokeDasharray="3 4" />
        <text x={0} y={y(2) + 4} fontSize={11} fill="var(--color-ink-soft)">
          pleasant
        </text>
        <text x={0} y={y(0) + 4} fontSize={11} fill="var(--color-ink-soft)">
          mixed
        </text>
        <text x={0} y={y(-2) + 4} fontSize={11} fill="var(--color-ink-soft)">
          unpleasant
        </text>
        {weeks.map((w, i) => {
          const cx = LEFT + step * i + step / 2;
          return (
            <g key={w.weekStart}>
              {w.before !== null && w.after !== null && (
                <line
                  x1={cx}
                  x2={cx}
                  y1={y(w.before)}
                  y2={y(w.after)}
                  stroke="var(--color-primary)"
                  strokeWidth={2}
                />
              )}
              {w.before !== null && (
                <circle
                  cx={cx}
                  cy={y(w.before)}
                  r={5}
                  fill="var(--color-surface)"
                  stroke="var(--color-lavender-strong)"
                  strokeWidth={2}
                />
              )}
              {w.after !== null && <circle cx={cx} cy={y(w.after)} r={5} fill="var(--color-primary)" />}
              {(i === 0 || i === weeks.length - 1) && (
                <text x={cx} y={H + 22} fontSize={10} textAnchor="middle" fill="var(--color-ink-soft)">
                  {i === weeks.length - 1 ? 'this week' : weekLabel(w.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span>
          <span className={styles.before} aria-hidden /> before practice
        </span>
        <span>
          <span className={styles.after} aria-hidden /> after practice
        </span>
      </figcaption>
      <table className="visually-hidden">
        <caption>How you felt before and after practice, week by week</caption>
        <thead>
          <tr>
            <th scope="col">week of</th>
            <th scope="col">before</th>
            <th scope="col">after</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{weekLabel(w.weekStart)}</th>
              <td>{valenceWord(w.before)}</td>
              <td>{valenceWord(w.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
