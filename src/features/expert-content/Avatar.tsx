import { readableOn } from '../../ui/contrast';
import styles from './ExpertContent.module.css';

/**
 * A generated initials avatar: the demo experts are fictional, so there is no photo. The colour
 * comes with the data, so the initials' contrast is settled here (issue 20: axe found white
 * initials on mid-tone fills below 4.5:1).
 */
export function Avatar({ initials, color, size = 48 }: { initials: string; color: string; size?: number }) {
  const { fill, ink } = readableOn(color);
  return (
    <span
      className={styles.avatar}
      style={{ background: fill, color: ink, width: size, height: size, fontSize: size * 0.38 }}
      aria-hidden
    >
      {initials}
    </span>
  );
}
