import { useState } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import styles from './Wizard.module.css';

/**
 * Asks for microphone permission once, to make the first recording smooth. The stream is
 * stopped at once: nothing is recorded here. Denial is logged only (spec §8), no message.
 */
export function MicrophoneStep({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);

  async function request() {
    setAsking(true);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.getTracks().forEach((t) => t.stop());
      onChange(true);
    } catch (err) {
      console.warn('Microphone permission was not given', err);
      onChange(false);
    } finally {
      setAsking(false);
    }
  }

  return (
    <div className={styles.stack}>
      <p className={styles.bodyText}>
        Some practices listen to your voice and give gentle feedback. Audio stays on your device; you can
        change this any time in your browser.
      </p>
      {enabled ? (
        <Alert tone="success">Microphone Enabled</Alert>
      ) : (
        <Button variant="secondary" block loading={asking} onClick={request}>
          Enable Microphone
        </Button>
      )}
    </div>
  );
}
