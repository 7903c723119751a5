import type { UseMutationResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { pendingWrites } from '../../lib/outbox/pending-state';
import { Button } from '../../ui/Button';
import { formatCountdown } from './session-clock';
import type { SaveResult, SessionTemplate } from './template-api';
import styles from './Templates.module.css';
import { countText } from '../../lib/plural';

interface CompletedPhaseProps {
  template: SessionTemplate;
  activeSec: number;
  save: UseMutationResult<SaveResult | null, Error, { activeSec: number; completed: boolean }>;
  onRetry: () => void;
}

/** A save kept in the outbox: says so until it is sent (the outbox count drops to 0). */
function SavedOffline() {
  const waiting = useSyncExternalStore(pendingWrites.subscribe, pendingWrites.get, () => 0) > 0;
  return (
    <p data-testid="saved-offline">
      {waiting
        ? "Saved on this device. It will sync when you're back online."
        : 'Synced: your session is counted.'}
    </p>
  );
}

/** Spec: 'Session Complete!' with buttons to /home and /library; plus what the save earned. */
export function CompletedPhase({ template, activeSec, save, onRetry }: CompletedPhaseProps) {
  return (
    <section className={`${styles.centred} ${styles.complete}`} aria-labelledby="complete-title">
      <span className={styles.completeMark} aria-hidden>
        ✓
      </span>
      <h1 id="complete-title" className={styles.centredTitle}>
        Session Complete!
      </h1>
      <p className={styles.description}>
        {template.title}: {formatCountdown(activeSec)} of practice.
      </p>
      <div className={styles.saveState} aria-live="polite">
        {save.isPending && <p>Saving your session…</p>}
        {save.isSuccess && save.data === null && <SavedOffline />}
        {save.isSuccess && save.data !== null && (
          <p data-testid="tokens-earned">
            {save.data.tokensAwarded > 0
              ? `+${countText(save.data.tokensAwarded, 'tone token')}`
              : 'Saved. You already earned the tone tokens for this session today.'}
          </p>
        )}
        {save.isError && (
          <>
            <p className={styles.error}>Your session was not saved.</p>
            <Button variant="secondary" onClick={onRetry}>
              Try saving again
            </Button>
          </>
        )}
      </div>
      <div className={styles.completeActions}>
        <Link to="/home" className={styles.primaryLink}>
          Back to home
        </Link>
        <Link to="/library" className={styles.secondaryLink}>
          Back to library
        </Link>
      </div>
    </section>
  );
}
