import { useEffect, useId, useState } from 'react';
import styles from './Tuning.module.css';

/** The one choice: "keep my voice scores in my account" (default off). Numbers only, never audio. */
export function KeepScoresToggle({
  keep,
  busy,
  failed,
  onChange,
}: {
  keep: boolean;
  busy: boolean;
  /** Why the last change did not go through (offline: said so), or null. */
  failed: string | null;
  onChange: (keep: boolean) => void;
}) {
  const id = useId();
  // The member's click shows at once: the save's pending state reaches React a tick later, and a
  // controlled checkbox would flip back for that tick. Released once the save settles.
  const [chosen, setChosen] = useState<boolean | null>(null);
  useEffect(() => {
    if (!busy) setChosen(null);
  }, [busy]);
  const checked = chosen ?? keep;
  return (
    <section className={styles.card} aria-label="where your scores are kept">
      <label htmlFor={id} className={styles.keepRow}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={busy}
          onChange={(e) => {
            setChosen(e.target.checked);
            onChange(e.target.checked);
          }}
        />
        <span>keep my voice scores in my account</span>
      </label>
      <p className={styles.muted}>
        {checked
          ? 'Your scores are saved to your account and show on every device. Audio never leaves this device.'
          : 'Off: your scores stay in this browser only. Turning it on uploads this browser’s scores once (numbers only, never audio).'}
      </p>
      <p className={styles.muted}>
        Either way, each recording counts as practice minutes in your account: when and how long, never the
        scores or the audio.
      </p>
      {failed && (
        <p role="alert" className={styles.muted}>
          {failed}
        </p>
      )}
    </section>
  );
}
