import { WaveMark } from '../../ui/icons';
import styles from './AuthLoading.module.css';

/** Shown while the stored session is read, so a member never sees the sign-in form flash. */
export function AuthLoading({ label = 'loading…' }: { label?: string }) {
  return (
    <div className={styles.wrap} role="status" aria-live="polite">
      <WaveMark className={styles.mark} />
      <span className={styles.text}>{label}</span>
    </div>
  );
}
