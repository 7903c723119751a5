import { useState } from 'react';
import { ECHOVERSE_MAX_MS, formatLength, lengthInWords, TITLE_MAX } from '../../domain/voice-notes';
import { writeErrorText } from '../../lib/outbox/online-only';
import { TextField } from '../../ui/TextField';
import { ActionDialog } from './ActionDialog';
import { whereText, type NoteView } from './merge-notes';
import type { NoteActions } from './note-actions';
import { PlayButton, PlayPosition } from './PlayButton';
import type { AudioPlayer } from './use-audio-player';
import styles from './VoiceNotes.module.css';

/** "7 Dec, 14:02" in the member's locale; the year only when it is not this year's. */
export function recordedWhen(iso: string, locale?: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * One voice note: play it, see when it was recorded, how long it is and where it is kept, and
 * what the member may do with it. Sharing appears only for members who have the Echoverse.
 */
export function NoteCard({
  note,
  player,
  actions,
  canShare,
  firstName,
}: {
  note: NoteView;
  player: AudioPlayer;
  actions: NoteActions;
  canShare: boolean;
  firstName: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [title, setTitle] = useState(note.title);
  const run = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      console.warn(`Could not ${what}`, err);
      setError(writeErrorText(err, 'That did not work just now. Please try again.'));
    } finally {
      setBusy(null);
    }
  };
  const playError = player.state.error?.id === note.id ? player.state.error.text : null;
  const headingId = `note-${note.id}`;
  const where = [whereText(note), note.share ? (note.share.hidden ? null : 'shared in the Echoverse') : null]
    .filter(Boolean)
    .join('; ');
  return (
    <li className={styles.note} aria-labelledby={headingId} data-testid="voice-note">
      <div className={styles.noteTop}>
        <PlayButton id={note.id} title={note.title} player={player} load={() => actions.load(note)} />
        <div className={styles.noteText}>
          <h3 id={headingId} className={styles.noteTitle}>
            {note.title}
          </h3>
          <p className={styles.noteMeta}>
            {recordedWhen(note.recordedAt)} · <span aria-hidden>{formatLength(note.durationMs)}</span>
            <span className="visually-hidden">{lengthInWords(note.durationMs)}</span>
          </p>
          <p className={styles.noteMeta} data-testid="note-where">
            {where}
          </p>
          <PlayPosition id={note.id} durationMs={note.durationMs} player={player} />
        </div>
      </div>
      {note.share?.hidden && (
        <p className={styles.error} data-testid="note-hidden">
          Hidden in the Echoverse until we review it: three members reported it. You can withdraw it.
        </p>
      )}
      {playError && (
        <p className={styles.error} role="alert">
          {playError}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {note.local && !note.account && !note.waiting && (
          <button
            type="button"
            className={styles.textButton}
            disabled={busy !== null}
            aria-busy={busy === 'keep' || undefined}
            onClick={() => void run('keep', () => actions.keep(note))}
          >
            {busy === 'keep' ? 'keeping…' : 'keep in my account'}
          </button>
        )}
        {note.account && !note.local && (
          <button
            type="button"
            className={styles.textButton}
            disabled={busy !== null}
            onClick={() => void run('save here', () => actions.saveHere(note))}
          >
            {busy === 'save here' ? 'saving…' : 'save on this device'}
          </button>
        )}
        {canShare && !note.share && note.durationMs <= ECHOVERSE_MAX_MS && (
          <ActionDialog
            trigger="share to the Echoverse"
            triggerLabel={`share to the Echoverse: ${note.title}`}
            title="share to the Echoverse"
            confirm="share"
            onOpen={() => setTitle(note.title)}
            canConfirm={title.trim() !== ''}
            onConfirm={() => actions.share(note, title.trim())}
          >
            <p>
              Members at level 7 and above will hear this note in the Echoverse and can echo it. They will
              see:
            </p>
            <p className={styles.preview} data-testid="share-preview">
              <strong>{firstName}</strong> · {title.trim() || note.title} · {formatLength(note.durationMs)}
            </p>
            <TextField
              label="title others see"
              value={title}
              maxLength={TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
            />
            <p>You can withdraw it at any time; it is then removed from the Echoverse.</p>
          </ActionDialog>
        )}
        {canShare && !note.share && note.durationMs > ECHOVERSE_MAX_MS && (
          <p className={styles.muted}>Notes up to 30 seconds can be shared to the Echoverse.</p>
        )}
        {note.share && (
          <ActionDialog
            trigger="withdraw from the Echoverse"
            triggerLabel={`withdraw from the Echoverse: ${note.title}`}
            title="withdraw from the Echoverse?"
            confirm="withdraw"
            cancel="keep it shared"
            onConfirm={() => actions.withdraw(note)}
          >
            <p>Members will no longer hear “{note.title}”. Your own note stays where it is.</p>
          </ActionDialog>
        )}
        <ActionDialog
          trigger="rename"
          triggerLabel={`rename: ${note.title}`}
          title="rename the note"
          confirm="save"
          onOpen={() => setTitle(note.title)}
          canConfirm={title.trim() !== ''}
          onConfirm={() => actions.rename(note, title.trim())}
        >
          <TextField
            label="title"
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
          />
        </ActionDialog>
        <ActionDialog
          trigger="delete"
          triggerLabel={`delete: ${note.title}`}
          triggerClass={`${styles.textButton} ${styles.danger}`}
          title="delete this note?"
          confirm="delete"
          cancel="keep it"
          danger
          onConfirm={() => actions.remove(note)}
        >
          <p>
            “{note.title}” is deleted {deleteWhere(note)}. This cannot be undone.
          </p>
        </ActionDialog>
      </div>
    </li>
  );
}

function deleteWhere(note: NoteView): string {
  const places = [
    note.local ? 'from this device' : null,
    note.account ? 'from your account' : null,
    note.waiting ? 'before it reaches your account' : null,
  ].filter(Boolean);
  const joined = places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}` : places[0];
  return note.share ? `${joined}, and withdrawn from the Echoverse` : (joined ?? '');
}
