import { toneTokensFor } from '../../domain/tokens';
import styles from './ToneTokens.module.css';

/**
 * The tone tokens a session earns, shown on every card (spec core §9); "listening" for a
 * listening-room track, which earns none. The words are hidden text,
 * not an aria-label: ARIA forbids a label on a span without a role (axe: aria-prohibited-attr),
 * and screen readers skip such labels.
 */
export function ToneTokens({ level, listening = false }: { level: string | null; listening?: boolean }) {
  // A listening-room track is listening, not a session: it earns none (issue 30).
  if (listening)
    return (
      <span className={styles.tokens} title="listening: no tone tokens">
        listening
        <span className="visually-hidden">: no tone tokens</span>
      </span>
    );
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
