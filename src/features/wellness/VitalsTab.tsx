import { StateMessage } from '../../ui/StateMessage';
import { useDeleteBiometric, useRecentVitals } from './wellness-api';
import { BIOMETRIC_TYPES, formatVital, formatWhen, SOURCE_DEVICES } from './wellness-text';
import styles from './Wellness.module.css';

const deviceLabel = (v: string) => SOURCE_DEVICES.find((d) => d.value === v)?.label ?? v;

/** The 10 newest biometric records, newest first, each deletable by its owner. */
export function VitalsTab() {
  const vitals = useRecentVitals();
  const remove = useDeleteBiometric();
  if (vitals.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (vitals.isError)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load your vitals just now."
        onRetry={() => void vitals.refetch()}
      />
    );
  if (vitals.data.length === 0)
    return (
      <StateMessage
        kind="empty"
        title="No biometric data yet"
        hint="Tap 'Add Biometric Data' to log a reading."
      />
    );
  return (
    <ul className={styles.list} aria-label="recent vitals">
      {vitals.data.map((b) => (
        <li key={b.id} className={styles.card} data-testid="vital-entry">
          <div className={styles.row}>
            <div>
              <p className={styles.cardTitle}>
                {BIOMETRIC_TYPES[b.dataType].label}: {formatVital(b.value, b.unit)}
              </p>
              <p className={styles.muted}>
                {formatWhen(b.recordedAt)} · {deviceLabel(b.sourceDevice)}
              </p>
            </div>
            <button
              type="button"
              className={styles.delete}
              onClick={() => remove.mutate(b.id)}
              disabled={remove.isPending}
              aria-label={`Delete the ${BIOMETRIC_TYPES[b.dataType].label.toLowerCase()} reading of ${formatWhen(b.recordedAt)}`}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
