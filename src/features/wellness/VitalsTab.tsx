import { writeErrorText } from '../../lib/outbox/online-only';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { StateMessage } from '../../ui/StateMessage';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { notYetStored } from '../sync/waiting';
import { useDeleteBiometric, useRecentVitals, type BiometricRecord, type NewBiometric } from './wellness-api';
import { BIOMETRIC_TYPES, formatVital, formatWhen, SOURCE_DEVICES } from './wellness-text';
import styles from './Wellness.module.css';

const deviceLabel = (v: string) => SOURCE_DEVICES.find((d) => d.value === v)?.label ?? v;

/**
 * The 10 newest biometric records, newest first, each deletable by its owner; above them any
 * reading saved offline that still waits in the outbox, marked as such.
 */
export function VitalsTab() {
  const vitals = useRecentVitals();
  const remove = useDeleteBiometric();
  const pending = usePendingOfKind('vitals');
  const shown = useSavedBlock(vitals, 'your vitals');
  // Once the server has an entry the stored one takes its place (never both: issue 30).
  const waiting = pending.filter(
    (item) => notYetStored(shown.data ?? [], [item.body as NewBiometric]).length > 0,
  );
  if (shown.data === undefined && waiting.length === 0) return shown.fallback;
  const saved = shown.data ?? [];
  if (saved.length === 0 && waiting.length === 0)
    return (
      <StateMessage
        kind="empty"
        title="No biometric data yet"
        hint="Tap 'Add Biometric Data' to log a reading."
      />
    );
  return (
    <>
      {shown.note}
      {remove.isError && (
        <p role="alert" className={styles.error}>
          {writeErrorText(remove.error, "We couldn't delete that reading. Please try again.")}
        </p>
      )}
      <ul className={styles.list} aria-label="recent vitals">
        {waiting.map((item) => (
          <VitalCard key={item.key} reading={item.body as NewBiometric} />
        ))}
        {saved.map((b) => (
          <VitalCard key={b.id} reading={b}>
            <button
              type="button"
              className={styles.delete}
              onClick={() => remove.mutate(b.id)}
              disabled={remove.isPending}
              aria-label={`Delete the ${BIOMETRIC_TYPES[b.dataType].label.toLowerCase()} reading of ${formatWhen(b.recordedAt)}`}
            >
              Delete
            </button>
          </VitalCard>
        ))}
      </ul>
    </>
  );
}

/** One reading; without a delete control (children) it is one waiting to sync. */
function VitalCard({
  reading: b,
  children,
}: {
  reading: BiometricRecord | NewBiometric;
  children?: React.ReactNode;
}) {
  return (
    <li className={styles.card} data-testid="vital-entry">
      <div className={styles.row}>
        <div>
          <p className={styles.cardTitle}>
            {BIOMETRIC_TYPES[b.dataType].label}: {formatVital(b.value, b.unit)}
          </p>
          <p className={styles.muted}>
            {formatWhen(b.recordedAt)} · {deviceLabel(b.sourceDevice)}
          </p>
        </div>
        {children ?? <span className={styles.tag}>Waiting to sync</span>}
      </div>
    </li>
  );
}
