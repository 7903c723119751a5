import { recordingPracticeText } from '../../domain/practice';
import { SAVED_OFFLINE_TITLE } from '../../lib/outbox/offline-writes';
import { EarnedList } from '../rewards/EarnedList';
import type { NewBadge, RecordingSaved } from './account-history';
import styles from './Tuning.module.css';

/**
 * Under the score after a recording: that it was saved as practice (minutes, not a session) and
 * the badges it earned, in words; offline, that it will count once sent. Badges earned by
 * uploading this browser's scores (on choosing to keep them) are listed too. Nothing for a
 * visitor.
 */
export function RecordingOutcome({
  practice,
  newBadges,
}: {
  practice: RecordingSaved | null;
  newBadges: readonly NewBadge[];
}) {
  if (!practice) return newBadges.length > 0 ? <EarnedList badges={newBadges} /> : null;
  return (
    <section className={styles.card} aria-live="polite" data-testid="recording-practice">
      <h2 className={styles.cardTitle}>practice saved</h2>
      <p>{recordingPracticeText(practice.seconds)}</p>
      {practice.queued && <p className={styles.muted}>{SAVED_OFFLINE_TITLE}.</p>}
      <EarnedList badges={newBadges} queued={practice.queued} />
    </section>
  );
}
