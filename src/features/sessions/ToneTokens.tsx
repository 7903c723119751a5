import { toneTokensFor } from '../../domain/tokens';
import styles from './ToneTokens.module.css';

/**
 * The tone tokens a session earns, shown on every card (spec core §9). The words are hidden text,
 * not an aria-label: ARIA forbids a label on a span without a role (axe: aria-prohibited-attr),
 * and screen readers skip such labels.
 */
export function ToneTokens({ level }: { level: string | null }) {
  const tokens = toneTokensFor(level);
  return (
    <span className={styles.tokens} title={`${tokens} tone tokens`}>
      <span aria-hidden className={styles.dot}>
        ♪
      </span>
      {tokens}
      <span className="visually-hidden"> tone tokens</span>
    </span>
  );
}
