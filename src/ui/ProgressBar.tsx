import styles from './ProgressBar.module.css';

/** A labelled determinate progress bar (0-100). */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={styles.track}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
    >
      <div className={styles.fill} style={{ width: `${value}%` }} />
    </div>
  );
}
