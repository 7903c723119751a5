import { useState } from 'react';
import { formatLength, lengthInWords, TITLE_MAX, VOICE_NOTE_MAX_MS } from '../../domain/voice-notes';
import { newIdempotencyKey } from '../../lib/outbox/offline-writes';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { MicGlyph, StopGlyph } from './glyphs';
import { saveLocalNote } from './local-notes';
import { startMemoRecording, type RecordedMemo } from './memo-recorder';
import { PlayButton, PlayPosition } from './PlayButton';
import { useAudioPlayer } from './use-audio-player';
import { useMemoRecorder } from './use-memo-recorder';
import styles from './VoiceNotes.module.css';

/** "Voice note, 7 Dec 14:02": a title the member can keep or change. */
export function defaultTitle(at: Date, locale?: string): string {
  const when = at.toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `Voice note, ${when}`;
}

/**
 * Records a memo of up to a minute, with a level meter and a clear stop, then lets the member
 * hear it, title it and save it on this device (or throw it away). Nothing is sent anywhere.
 */
export function NoteRecorder({
  userId,
  start = startMemoRecording,
  onSaved,
}: {
  userId: string;
  start?: typeof startMemoRecording;
  onSaved?: (title: string) => void;
}) {
  const rec = useMemoRecorder(start);
  const { status, take } = rec.state;
  const recording = status === 'recording';
  const busy = status === 'starting' || status === 'stopping';

  if (status === 'review' && take) {
    return (
      <TakeReview
        take={take}
        atLimit={rec.state.atLimit}
        userId={userId}
        onDiscard={rec.discard}
        onSaved={(title) => {
          rec.discard();
          onSaved?.(title);
        }}
      />
    );
  }

  const level = Math.round(rec.state.level * 100);
  return (
    <section className={styles.card} aria-labelledby="recorder-title" data-status={status}>
      <h2 id="recorder-title">record a note</h2>
      <div className={styles.controls}>
        <button
          type="button"
          className={`${styles.mic} ${recording ? styles.micRecording : ''}`}
          onClick={() => void (recording ? rec.stop() : rec.begin())}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={recording ? 'Stop recording' : 'Start recording'}
        >
          {recording ? <StopGlyph /> : <MicGlyph />}
        </button>
        <div className={styles.status}>
          <span className={styles.clock} data-testid="note-clock">
            {/* Whole seconds gone, as a recorder's clock counts (formatLength rounds a length). */}
            {formatLength(Math.floor(rec.state.elapsedMs / 1000) * 1000)}{' '}
            <span className={styles.clockOf}>of {formatLength(VOICE_NOTE_MAX_MS)}</span>
          </span>
          <div
            className={styles.meter}
            role="meter"
            aria-label="microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
            data-testid="level-meter"
          >
            <div
              className={`${styles.meterFill} ${level > 90 ? styles.meterLoud : ''}`}
              style={{ width: `${level}%` }}
            />
          </div>
          <span className={styles.muted}>{statusText(status)}</span>
        </div>
      </div>
      {rec.state.error && <Alert>{rec.state.error}</Alert>}
      <p className={styles.muted}>
        Up to a minute. The audio stays on this device unless you choose to keep it in your account or share
        it.
      </p>
    </section>
  );
}

/** The take just recorded: hear it, title it, save it on this device or throw it away. */
function TakeReview({
  take,
  atLimit,
  userId,
  onDiscard,
  onSaved,
}: {
  take: RecordedMemo;
  atLimit: boolean;
  userId: string;
  onDiscard: () => void;
  onSaved: (title: string) => void;
}) {
  const [title, setTitle] = useState(() => defaultTitle(new Date()));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const player = useAudioPlayer();

  const save = async () => {
    const clean = title.trim();
    if (clean === '') {
      setSaveError('Give the note a title.');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await saveLocalNote({
        id: newIdempotencyKey(),
        userId,
        title: clean,
        recordedAt: new Date(Date.now() - take.durationMs).toISOString(),
        durationMs: take.durationMs,
        mimeType: take.mimeType,
        sizeBytes: take.audio.size,
        audio: take.audio,
      });
      onSaved(clean);
    } catch (err) {
      console.warn('Could not save the note on this device', err);
      setSaveError('The note could not be saved on this device (is its storage full?). Try again.');
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="take-title" data-testid="note-review">
      <h2 id="take-title">your new note</h2>
      {atLimit && <Alert tone="info">A note is at most a minute, so the recording stopped at 1:00.</Alert>}
      <div className={styles.noteTop}>
        <PlayButton
          id="take"
          title="your new note"
          player={player}
          load={async () => {
            const src = URL.createObjectURL(take.audio);
            return { src, release: () => URL.revokeObjectURL(src) };
          }}
        />
        <div className={styles.noteText}>
          <p className={styles.muted}>{lengthInWords(take.durationMs)}, on this device only</p>
          <PlayPosition id="take" durationMs={take.durationMs} player={player} />
        </div>
      </div>
      <TextField
        label="title"
        value={title}
        maxLength={TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
      />
      {saveError && (
        <p className={styles.error} role="alert">
          {saveError}
        </p>
      )}
      <div className={styles.row}>
        <Button onClick={() => void save()} loading={saving}>
          save on this device
        </Button>
        <Button variant="ghost" onClick={onDiscard} disabled={saving}>
          discard
        </Button>
      </div>
    </section>
  );
}

function statusText(status: string): string {
  if (status === 'starting') return 'asking for your microphone…';
  if (status === 'recording') return 'recording — press stop when you are done';
  if (status === 'stopping') return 'finishing the note…';
  return 'press the microphone to begin';
}
