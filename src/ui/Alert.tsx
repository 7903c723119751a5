import type { ReactNode } from 'react';
import { useReveal } from './use-reveal';
import styles from './Alert.module.css';

/**
 * A message the member must see; errors are announced to screen readers at once and scrolled
 * into view (an error answers what the member just did, and may appear off screen).
 */
export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  const ref = useReveal<HTMLDivElement>(children, tone === 'error');
  return (
    <div ref={ref} className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
