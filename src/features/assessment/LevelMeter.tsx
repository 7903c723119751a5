import type { Level } from './record-take';
import { QUIET_PEAK } from './take-quality';
import styles from './Assessment.module.css';

/** dBFS of a level, floored at -60 (the meter's left end). */
const dbfs = (x: number) => Math.max(-60, 20 * Math.log10(Math.max(x, 1e-6)));

/**
 * How loud the microphone hears the member: a bar from -60 to 0 dBFS with the two limits a take
 * is checked against marked, and the state in words for screen readers and for anyone who
 * cannot tell the bar's shades apart.
 */
export function LevelMeter({ level }: { level: Level }) {
  const db = dbfs(level.rms);
  const percent = ((db + 60) / 60) * 100;
  const words =
    level.peak >= 0.99 ? 'too loud' : level.peak < QUIET_PEAK ? 'quiet' : db > -12 ? 'loud' : 'good';
  return (
    <div className={styles.meter}>
      <div
        className={styles.meterTrack}
        role="meter"
        aria-label="microphone level"
        aria-valuemin={-60}
        aria-valuemax={0}
        aria-valuenow={Math.round(db)}
        aria-valuetext={`${Math.round(db)} dB, ${words}`}
      >
        <div className={styles.meterFill} style={{ width: `${percent}%` }} />
        <span className={styles.meterMark} style={{ left: `${((dbfs(QUIET_PEAK) + 60) / 60) * 100}%` }} />
      </div>
      <p className={styles.muted} aria-live="off">
        level: {words}
      </p>
    </div>
  );
}
