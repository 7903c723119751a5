import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  loading?: boolean;
  block?: boolean;
}

/** A real <button>; while loading it stays focusable, announces busy and ignores clicks. */
export function Button({
  variant = 'primary',
  loading,
  block,
  className,
  children,
  disabled,
  ...rest
}: ButtonProps) {
  const classes = [styles.button, styles[variant], block ? styles.block : '', className ?? ''].join(' ');
  return (
    <button className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <span className={styles.spinner} aria-hidden />}
      <span>{children}</span>
    </button>
  );
}
