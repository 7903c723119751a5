import type { CSSProperties } from 'react';
import { formatMmSs } from '../sessions/format';
import styles from './Player.module.css';

/** A native range input: keyboard and screen-reader seeking come for free. */
export function SeekBar({
  currentTime,
  duration,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  const max = duration > 0 ? duration : 0;
  const value = Math.min(currentTime, max);
  const remaining = Math.max(0, max - value);
  const percent = max > 0 ? (value / max) * 100 : 0;
  return (
    <div className={styles.seek}>
      <input
        type="range"
        className={styles.range}
        min={0}
        max={max || 1}
        step={1}
        value={value}
        disabled={max === 0}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label="Position"
        aria-valuetext={`${formatMmSs(value)} of ${formatMmSs(max)}`}
        style={{ '--progress': `${percent}%` } as CSSProperties}
      />
      <div className={styles.times}>
        <span data-testid="elapsed">{formatMmSs(value)}</span>
        <span data-testid="remaining">-{formatMmSs(remaining)}</span>
      </div>
    </div>
  );
}
