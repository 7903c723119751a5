import type { ButtonHTMLAttributes } from 'react';
import styles from './ChoiceChip.module.css';

interface ChoiceChipProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  selected: boolean;
}

/**
 * One option of a multiple choice: a real toggle button (aria-pressed), so it works with the
 * keyboard and announces its state. Disabled chips are dimmed.
 */
export function ChoiceChip({ selected, className, children, ...rest }: ChoiceChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={`${styles.chip} ${selected ? styles.selected : ''} ${className ?? ''}`}
      {...rest}
    >
      <span className={styles.tick} aria-hidden>
        {selected ? '✓' : ''}
      </span>
      <span>{children}</span>
    </button>
  );
}
