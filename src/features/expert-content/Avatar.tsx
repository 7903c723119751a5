import styles from './ExpertContent.module.css';

/** A generated initials avatar: the demo experts are fictional, so there is no photo. */
export function Avatar({ initials, color, size = 48 }: { initials: string; color: string; size?: number }) {
  return (
    <span
      className={styles.avatar}
      style={{ background: color, width: size, height: size, fontSize: size * 0.38 }}
      aria-hidden
    >
      {initials}
    </span>
  );
}
