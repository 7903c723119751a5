import type { UseMutationResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { countsAsSession, partialPracticeText } from '../../domain/practice';
import { pendingWrites } from '../../lib/outbox/pending-state';
import { Button } from '../../ui/Button';
import { AfterFeeling } from '../emotions/FeelingQuestion';
import { formatCountdown } from './session-clock';
import type { SaveResult, SessionTemplate } from './template-api';
import styles from './Templates.module.css';
import { countText } from '../../lib/plural';
import { EarnedList } from '../rewards/EarnedList';

interface CompletedPhaseProps {
  template: SessionTemplate;
  activeSec: number;
  save: UseMutationResult<SaveResult | null, Error, { activeSec: number; completed: boolean }>;
  onRetry: () => void;
}

/** A save kept in the outbox: says so until it is sent (the outbox count drops to 0). */
function SavedOffline({ partial }: { partial: boolean }) {
  const waiting = useSyncExternalStore(pendingWrites.subscribe, pendingWrites.get, () => 0) > 0;
  return (
    <p data-testid="saved-offline">
      {waiting
        ? "Saved on this device. It will sync when you're back online."
        : partial
          ? 'Synced: your minutes are counted.'
          : 'Synced: your session is counted.'}
    </p>
  );
}

/** What the server's answer says the save earned, in the member's words. */
function earnedText(result: SaveResult): string {
  if (!result.counted) return partialPracticeText(result.practisedSec, result.plannedSec);
  return result.tokensAwarded > 0
    ? `+${countText(result.tokensAwarded, 'tone token')}`
    : 'Saved. You already earned the tone tokens for this session today.';
}

/**
 * Spec: 'Session Complete!' with buttons to /home and /library; plus what the save earned. A
 * save of less than half the plan is partial practice (issue 20): the screen says so instead
 * of celebrating, from the same rule the server applies (the answer's `counted` decides once
 * it is in; offline, the rule alone).
 */
export function CompletedPhase({ template, activeSec, save, onRetry }: CompletedPhaseProps) {
  const practisedSec = Math.max(0, Math.round(activeSec));
  const partial = save.data ? !save.data.counted : !countsAsSession(practisedSec, template.duration);
  return (
    <section className={`${styles.centred} ${styles.complete}`} aria-labelledby="complete-title">
      <span className={styles.completeMark} aria-hidden>
        {partial ? '◐' : '✓'}
      </span>
      <h1 id="complete-title" className={styles.centredTitle}>
        {partial ? 'Partial practice' : 'Session Complete!'}
      </h1>
      <p className={styles.description}>
        {template.title}: {formatCountdown(activeSec)} of practice.
      </p>
      {partial && save.data === undefined && (
        <p data-testid="partial-practice">{partialPracticeText(practisedSec, template.duration)}</p>
      )}
      <div className={styles.saveState} aria-live="polite">
        {save.isPending && <p>Saving your session…</p>}
        {save.isSuccess && save.data === null && (
          <>
            {partial && (
              <p data-testid="partial-practice">{partialPracticeText(practisedSec, template.duration)}</p>
            )}
            <SavedOffline partial={partial} />
            <EarnedList queued />
          </>
        )}
        {save.isSuccess && save.data !== null && (
          <>
            <p data-testid="tokens-earned">{earnedText(save.data)}</p>
            <EarnedList badges={save.data.newBadges} streakRewards={save.data.streakRewards} />
          </>
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
      <AfterFeeling kind="template" itemId={template.id} />
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
