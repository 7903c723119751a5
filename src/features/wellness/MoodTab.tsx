import { StateMessage } from '../../ui/StateMessage';
import { useDeleteMood, useRecentMood } from './wellness-api';
import { formatWhen } from './wellness-text';
import styles from './Wellness.module.css';

/** The 10 newest mood entries, newest first, each deletable by its owner. */
export function MoodTab() {
  const moods = useRecentMood();
  const remove = useDeleteMood();
  if (moods.isPending) return <StateMessage kind="loading" title="loading…" />;
  if (moods.isError)
    return (
      <StateMessage
        kind="error"
        title="We couldn't load your mood entries just now."
        onRetry={() => void moods.refetch()}
      />
    );
  if (moods.data.length === 0)
    return (
      <StateMessage
        kind="empty"
        title="No mood data yet"
        hint="Tap 'Track Your Mood' to record how you feel."
      />
    );
  return (
    <ul className={styles.list} aria-label="recent mood entries">
      {moods.data.map((m) => (
        <li key={m.id} className={styles.card} data-testid="mood-entry">
          <div className={styles.row}>
            <div>
              <p className={styles.cardTitle}>Mood {m.moodScore}/10</p>
              <p className={styles.muted}>{formatWhen(m.recordedAt)}</p>
            </div>
            <button
              type="button"
              className={styles.delete}
              onClick={() => remove.mutate(m.id)}
              disabled={remove.isPending}
              aria-label={`Delete the mood entry of ${formatWhen(m.recordedAt)}`}
            >
              Delete
            </button>
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
      ))}
    </ul>
  );
}
