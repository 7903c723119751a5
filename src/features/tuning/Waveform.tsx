import { useEffect, useState } from 'react';
import { ring } from './live-buffer';
import styles from './Recorder.module.css';

/** Spec: 6 bars refreshed every 150 ms. */
export const BAR_COUNT = 6;
export const BAR_REFRESH_MS = 150;
const REST = 0.15;
const IDLE = Array.from({ length: BAR_COUNT }, () => REST);

/**
 * Six level bars that scroll the recent loudness from right to left. They read the latest
 * frame's level on their own 150 ms clock, so they cost six small renders a second.
 */
export function Waveform({ active }: { active: boolean }) {
  const [levels, setLevels] = useState<number[]>(IDLE);

  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => {
      const level = Math.max(REST, Math.min(1, ring.latestVolume));
      setLevels((prev) => [...prev.slice(1), level]);
    }, BAR_REFRESH_MS);
    return () => {
      window.clearInterval(id);
      setLevels(IDLE);
    };
  }, [active]);

  return (
    <div className={styles.waveform} data-testid="waveform" aria-hidden>
      {levels.map((level, i) => (
        <span
          key={i}
          className={styles.bar}
          data-level={level.toFixed(2)}
          style={{ transform: `scaleY(${level})` }}
        />
      ))}
    </div>
  );
}
