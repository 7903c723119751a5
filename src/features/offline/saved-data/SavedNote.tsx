import { StateMessage } from '../../../ui/StateMessage';
import { savedNoteText } from './query-view';
import styles from './SavedNote.module.css';

/** "Saved 14:02": the data shown is this device's copy from then, not a fresh answer. */
export function SavedNote({ savedAt, className }: { savedAt: number | null; className?: string }) {
  if (savedAt === null) return null;
  return (
    <p
      className={className ? `${styles.note} ${className}` : styles.note}
      data-testid="saved-note"
      title={new Date(savedAt).toLocaleString()}
    >
      {savedNoteText(savedAt, Date.now())}
    </p>
  );
}

export const NEEDS_CONNECTION_TITLE = 'This needs a connection.';

/** Nothing was saved here for this block and the network cannot be reached: say so, with a retry. */
export function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  return (
    <StateMessage
      kind="empty"
      title={NEEDS_CONNECTION_TITLE}
      hint="It has not been saved on this device yet. Connect to the internet and try again."
      onRetry={onRetry}
    />
  );
}
