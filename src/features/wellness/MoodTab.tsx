import { writeErrorText } from '../../lib/outbox/online-only';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { StateMessage } from '../../ui/StateMessage';
import { usePendingOfKind } from '../sync/pending-writes-queries';
import { notYetStored } from '../sync/waiting';
import { useDeleteMood, useRecentMood, type MoodEntry, type NewMood } from './wellness-api';
import { formatWhen } from './wellness-text';
import styles from './Wellness.module.css';

/**
 * The 10 newest mood entries, newest first, each deletable by its owner; above them any entry
 * saved offline that still waits in the outbox, marked as such (it has no id to delete yet: the
 * profile's "Waiting to sync" can discard it).
 */
export function MoodTab() {
  const moods = useRecentMood();
  const remove = useDeleteMood();
  const pending = usePendingOfKind('mood');
  const shown = useSavedBlock(moods, 'your mood entries');
  // Once the server has an entry the stored one takes its place (never both: issue 30).
  const waiting = pending.filter((item) => notYetStored(shown.data ?? [], [item.body as NewMood]).length > 0);
  if (shown.data === undefined && waiting.length === 0) return shown.fallback;
  const saved = shown.data ?? [];
  if (saved.length === 0 && waiting.length === 0)
    return (
      <StateMessage
        kind="empty"
        title="No mood data yet"
        hint="Tap 'Track Your Mood' to record how you feel."
      />
    );
  return (
    <>
      {shown.note}
      {remove.isError && (
        <p role="alert" className={styles.error}>
          {writeErrorText(remove.error, "We couldn't delete that entry. Please try again.")}
        </p>
      )}
      <ul className={styles.list} aria-label="recent mood entries">
        {waiting.map((item) => (
          <MoodCard key={item.key} entry={item.body as NewMood} />
        ))}
        {saved.map((m) => (
          <MoodCard key={m.id} entry={m}>
            <button
              type="button"
              className={styles.delete}
              onClick={() => remove.mutate(m.id)}
              disabled={remove.isPending}
              aria-label={`Delete the mood entry of ${formatWhen(m.recordedAt)}`}
            >
              Delete
            </button>
          </MoodCard>
        ))}
      </ul>
    </>
  );
}

/** One entry; without a delete control (children) it is one waiting to sync. */
function MoodCard({ entry: m, children }: { entry: MoodEntry | NewMood; children?: React.ReactNode }) {
  return (
    <li className={styles.card} data-testid="mood-entry">
      <div className={styles.row}>
        <div>
          <p className={styles.cardTitle}>Mood {m.moodScore}/10</p>
          <p className={styles.muted}>{formatWhen(m.recordedAt)}</p>
        </div>
        {children ?? <span className={styles.tag}>Waiting to sync</span>}
      </div>
      <p className={styles.muted}>
        Stress {m.stressLevel} · Anxiety {m.anxietyLevel} · Energy {m.energyLevel}
      </p>
      {m.emotions.length > 0 && (
        <div className={styles.tags}>
          {m.emotions.map((e) => (
            <span key={e} className={styles.tag}>
              {e}
            </span>
          ))}
        </div>
      )}
      {m.notes && <p>{m.notes}</p>}
    </li>
  );
}
