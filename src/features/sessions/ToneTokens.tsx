import { toneTokensFor } from '../../domain/tokens';
import styles from './ToneTokens.module.css';

/** The tone tokens a session earns, shown on every card (spec core §9). */
export function ToneTokens({ level }: { level: string | null }) {
  const tokens = toneTokensFor(level);
  return (
    <span className={styles.tokens} aria-label={`${tokens} tone tokens`} title={`${tokens} tone tokens`}>
      <span aria-hidden className={styles.dot}>
        ♪
      </span>
      <span aria-hidden>{tokens}</span>
    </span>
  );
}
