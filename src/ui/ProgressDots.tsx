import styles from './ProgressDots.module.css';

/** Step dots: done, current and upcoming; read out as "Step n of m". */
export function ProgressDots({ count, current }: { count: number; current: number }) {
  return (
    <div className={styles.dots} role="img" aria-label={`Step ${current + 1} of ${count}`}>
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className={`${styles.dot} ${i < current ? styles.done : ''} ${i === current ? styles.current : ''}`}
        />
      ))}
    </div>
  );
}
