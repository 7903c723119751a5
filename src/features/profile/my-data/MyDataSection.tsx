import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { downloadMyData } from './my-data-api';
import { PrivacySetting } from './PrivacySetting';
import styles from './MyData.module.css';

/** Privacy and 'your data' settings on the profile (issue 13): its own card, its own file. */
export function MyDataSection() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadMyData();
    } catch {
      setError('Could not prepare your data. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="my-data-title">
      <h2 id="my-data-title" className={styles.title}>
        Privacy and your data
      </h2>
      <PrivacySetting />
      <div className={styles.actions}>
        <Button variant="secondary" loading={busy} onClick={() => void download()}>
          Download my data
        </Button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <DeleteAccountDialog />
      </div>
    </section>
  );
}
