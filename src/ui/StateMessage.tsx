import type { ReactNode } from 'react';
import styles from './StateMessage.module.css';

interface StateMessageProps {
  kind: 'loading' | 'empty' | 'error';
  title: string;
  hint?: ReactNode;
  /** Shown as a 'try again' button for errors. */
  onRetry?: () => void;
}

/** The loading, empty and error states every data screen shows (DESIGN §6). */
export function StateMessage({ kind, title, hint, onRetry }: StateMessageProps) {
  return (
    <div
      className={`${styles.state} ${styles[kind]}`}
      role={kind === 'error' ? 'alert' : 'status'}
      aria-busy={kind === 'loading' || undefined}
    >
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          try again
        </button>
      )}
    </div>
  );
}
