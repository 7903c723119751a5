import type { ReactNode } from 'react';
import { WaveMark } from '../../ui/icons';
import styles from './AuthCard.module.css';

/** The frame shared by sign-in and sign-up: brand, a headline, the form. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.screen}>
      <header className={styles.brand}>
        <WaveMark />
        <span className={styles.wordmark}>Tuneful</span>
      </header>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        {children}
      </div>
    </section>
  );
}
