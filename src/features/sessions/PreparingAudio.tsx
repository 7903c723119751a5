import styles from './PreparingAudio.module.css';

/**
 * "Preparing audio" with the server's real percentage: on a first start the catalogue's audio
 * is rendered in the background, and a session not rendered yet says so instead of failing.
 */
export function PreparingAudio({ percent, compact = false }: { percent: number; compact?: boolean }) {
  if (compact)
    return (
      <span className={styles.badge} data-testid="preparing-audio">
        preparing audio {percent}%
      </span>
    );
  return (
    <div className={styles.panel} role="status" data-testid="preparing-audio">
      <p className={styles.title}>Preparing audio… {percent}%</p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Preparing audio"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.hint}>
        This session is being made for the first time. It starts playing by itself when it is ready.
      </p>
    </div>
  );
}
