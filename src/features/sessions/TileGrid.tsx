import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './TileGrid.module.css';

export interface TileItem {
  key: string;
  to: string;
  label: string;
  subtitle?: string;
  icon?: ReactNode;
  /** A soft background colour for the tile. */
  tint?: string;
}

/** A titled grid of link tiles (moods, focus areas, levels, intentions). */
export function TileGrid({
  title,
  items,
  columns = 2,
}: {
  title: string;
  items: TileItem[];
  columns?: 2 | 3;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={`${styles.grid} ${columns === 3 ? styles.three : ''}`}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              className={styles.tile}
              style={item.tint ? { background: item.tint } : undefined}
            >
              {item.icon && <span className={styles.icon}>{item.icon}</span>}
              <span className={styles.label}>{item.label}</span>
              {item.subtitle && <span className={styles.subtitle}>{item.subtitle}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
