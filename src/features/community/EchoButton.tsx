import { useEffect, useState } from 'react';
import styles from './CommunityScreen.module.css';
import { countText } from '../../lib/plural';

const ECHOED_MS = 2000;

/**
 * Echo with its count. A successful echo shows a sparkle burst and 'echoed!' for 2 s (the
 * burst is still under prefers-reduced-motion, see the CSS); failures are logged by the caller.
 */
export function EchoButton({
  count,
  label,
  onEcho,
}: {
  count: number;
  /** What is echoed, for the accessible name, e.g. "Ana's activity". */
  label: string;
  onEcho: () => Promise<unknown>;
}) {
  const [echoed, setEchoed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!echoed) return;
    const timer = window.setTimeout(() => setEchoed(false), ECHOED_MS);
    return () => window.clearTimeout(timer);
  }, [echoed]);

  const click = async () => {
    setBusy(true);
    try {
      await onEcho();
      setEchoed(true);
    } catch {
      // logged by the mutation (spec: echo failures are logged only)
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.echo}>
      <button
        type="button"
        className={styles.echoButton}
        onClick={() => void click()}
        disabled={busy}
        aria-label={`echo ${label}, ${countText(count, 'echo', 'echoes')}`}
      >
        <SparkleIcon />
        <span data-testid="echo-count">{count}</span>
      </button>
      {echoed && (
        <span className={styles.burst} role="status">
          <span className={styles.sparkles} aria-hidden>
            ✦ ✧ ✦
          </span>
          echoed!
        </span>
      )}
    </div>
  );
}

function SparkleIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden
    >
      <path d="M12 3v5M12 16v5M3 12h5M16 12h5" strokeLinecap="round" />
      <path d="m12 8 1.5 2.5L16 12l-2.5 1.5L12 16l-1.5-2.5L8 12l2.5-1.5z" strokeLinejoin="round" />
    </svg>
  );
}
