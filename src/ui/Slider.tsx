import { useId } from 'react';
import styles from './Slider.module.css';

interface SliderProps {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
  /** Words under the ends of the track, e.g. "not at all" and "completely". */
  minLabel?: string;
  maxLabel?: string;
}

/** A native range input (keyboard and screen-reader ready) with its value shown large. */
export function Slider({ label, min, max, value, onChange, minLabel, maxLabel }: SliderProps) {
  const id = useId();
  return (
    <div className={styles.slider}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <output htmlFor={id} className={styles.value} aria-live="polite">
        {value}
      </output>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-valuetext={`${value} of ${max}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className={styles.input}
      />
      {(minLabel || maxLabel) && (
        <div className={styles.ends} aria-hidden>
          <span>{minLabel}</span>
          <span>{maxLabel}</span>
        </div>
      )}
    </div>
  );
}
