import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from './icons';
import styles from './BackHeader.module.css';

/**
 * A screen title with a back link. `to` is where back leads; `onBack` may take over (e.g. to
 * go back in history) by calling preventDefault on the click.
 */
export function BackHeader({
  to,
  backLabel,
  title,
  children,
  onBack,
}: {
  to: string;
  backLabel: string;
  title: string;
  children?: ReactNode;
  onBack?: (e: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <header className={styles.header}>
      <Link to={to} className={styles.back} aria-label={backLabel} onClick={onBack}>
        <BackIcon />
      </Link>
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {children}
      </div>
    </header>
  );
}
