import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { ApiRequestError } from '../../lib/api';
import { timeZone, useAddBiometric, type BiometricType } from './wellness-api';
import { BIOMETRIC_TYPES, checkVital, fromLocalInput, SOURCE_DEVICES, toLocalInput } from './wellness-text';
import styles from './Wellness.module.css';

/**
 * 'Add Biometric Data': a data type and a value are needed (sent as a number); the unit
 * follows the type and cannot be changed; source device and time default to manual and now.
 */
export function BiometricDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const add = useAddBiometric();
  const [type, setType] = useState<BiometricType | ''>('');
  const [value, setValue] = useState('');
  const [device, setDevice] = useState('manual');
  const [when, setWhen] = useState(() => toLocalInput(Date.now()));
  // Untouched, the field means "now": sent to the second, not as the minute it shows, so an
  // entry made right after signing up is not "before your account was created".
  const [whenTouched, setWhenTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { type: useId(), value: useId(), unit: useId(), device: useId(), when: useId() };
  const rule = type ? BIOMETRIC_TYPES[type] : null;

  const reset = () => {
    setType('');
    setValue('');
    setDevice('manual');
    setError(null);
  };
  const submit = async () => {
    const checked = checkVital(type, value);
    if ('problem' in checked) return setError(checked.problem);
    const recordedAt = whenTouched ? fromLocalInput(when) : new Date().toISOString();
    if (!recordedAt || !type || !rule) return setError('Choose when this was measured.');
    try {
      await add.mutateAsync({
        dataType: type,
        value: checked.value,
        unit: rule.unit,
        sourceDevice: device,
        recordedAt,
        timeZone: timeZone(),
      });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.serverMessage : 'Could not save. Please try again.');
      return;
    }
    reset();
    onOpenChange(false);
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (o) {
          setWhen(toLocalInput(Date.now()));
          setWhenTouched(false);
        }
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <div className={styles.dialogTop}>
            <Dialog.Title className={styles.dialogTitle}>Add Biometric Data</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <form
            className={styles.form}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <label htmlFor={ids.type} className={styles.label}>
              Data type
            </label>
            <select
              id={ids.type}
              className={styles.field}
              value={type}
              onChange={(e) => {
                setType(e.target.value as BiometricType | '');
                setError(null);
              }}
            >
              <option value="">Choose a data type</option>
              {Object.entries(BIOMETRIC_TYPES).map(([key, t]) => (
                <option key={key} value={key}>
                  {t.label}
                </option>
              ))}
            </select>
            <label htmlFor={ids.value} className={styles.label}>
              Value
            </label>
            <input
              id={ids.value}
              className={styles.field}
              type="number"
              inputMode="decimal"
              min={rule?.min}
              max={rule?.max}
              step={rule?.step ?? 'any'}
              value={value}
              aria-describedby={ids.unit}
              onChange={(e) => setValue(e.target.value)}
            />
            <p id={ids.unit} className={styles.muted}>
              Unit:{' '}
              {rule
                ? rule.unit === 'score'
                  ? `score from ${rule.min} to ${rule.max}`
                  : rule.unit
                : 'set by the data type'}
            </p>
            <label htmlFor={ids.device} className={styles.label}>
              Source device
            </label>
            <select
              id={ids.device}
              className={styles.field}
              value={device}
              onChange={(e) => setDevice(e.target.value)}
            >
              {SOURCE_DEVICES.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
            <label htmlFor={ids.when} className={styles.label}>
              Time
            </label>
            <input
              id={ids.when}
              type="datetime-local"
              className={styles.field}
              value={when}
              max={toLocalInput(Date.now())}
              onChange={(e) => {
                setWhen(e.target.value);
                setWhenTouched(true);
              }}
            />
            {error && <FormError className={styles.error}>{error}</FormError>}
            <Button type="submit" block loading={add.isPending}>
              Save
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
