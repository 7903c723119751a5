import { useCallback, useMemo, useState } from 'react';
import {
  comfortableRange,
  DEFAULT_VOICE_RANGE,
  PITCH_EXERCISES,
  placeInRange,
  type OctaveShift,
} from '../../domain/pitch-target/exercises';
import { findAnyExercise } from '../../domain/pitch-target/vocal-exercises';
import { analysisRangeFor, formatTarget } from '../../domain/pitch-target/notes';
import type { ExerciseResult } from '../../domain/pitch-target/types';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { writeErrorText } from '../../lib/outbox/online-only';
import { SAVED_OFFLINE_TITLE } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import type { StartEngine } from '../tuning/engine-types';
import { TUNING_MIC_TEXT } from '../tuning/errors';
import { ExercisePicker } from './ExercisePicker';
import { useSavePitchResult } from './pitch-api';
import { EarnedList } from '../rewards/EarnedList';
import type { EarnedBadge } from '../rewards/earned';
import { TakeResult } from './TakeResult';
import { TargetTrace } from './TargetTrace';
import { useTargetTake, type TakePhase } from './use-target-take';
import styles from './PitchMatch.module.css';

interface Props {
  startEngine: StartEngine;
  /** The pitch (Hz) of each of the member's recordings: the range exercises are placed in. */
  pitchMedians: readonly (number | null)[];
  /** A template step's or the vocal exercises library's own exercise: shown without the picker. */
  exerciseId?: string;
  templateId?: number;
  beforeSinging?: () => void;
  /** The screen around it already names and explains the exercise (the vocal exercises library). */
  untitled?: boolean;
}

type SaveState =
  | { kind: 'idle' | 'saving' | 'queued' | 'unheard' }
  | { kind: 'saved'; newBadges: EarnedBadge[] }
  | { kind: 'failed'; message: string };

const FIRST = PITCH_EXERCISES[0]?.id ?? '';

/** "Match the note": pick an exercise placed in the member's range, hear it, sing it, see each note. */
export function MatchTheNote({
  startEngine,
  pitchMedians,
  exerciseId,
  templateId,
  beforeSinging,
  untitled = false,
}: Props) {
  const [picked, setPicked] = useState(exerciseId ?? FIRST);
  const [shift, setShift] = useState<OctaveShift>(0);
  const [headphones, setHeadphones] = useState(false);
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const signedIn = useAuthStore((s) => s.user !== null);
  const saveResult = useSavePitchResult();

  const exercise = findAnyExercise(exerciseId ?? picked) ?? PITCH_EXERCISES[0];
  const range = useMemo(() => comfortableRange(pitchMedians), [pitchMedians]);
  // Keyed on the range's values, not its object: the history read again (a refetch) must not
  // make a new target, which would restart a take in progress.
  const low = range?.lowHz ?? DEFAULT_VOICE_RANGE.lowHz;
  const high = range?.highHz ?? DEFAULT_VOICE_RANGE.highHz;
  const notes = useMemo(
    () => (exercise ? placeInRange(exercise, { lowHz: low, highHz: high }, shift) : []),
    [exercise, low, high, shift],
  );

  const onResult = useCallback(
    (result: ExerciseResult) => {
      if (!signedIn || !exercise) return;
      // Nothing sung, nothing kept (the server refuses it too): no minutes for silence.
      if (!result.notes.some((n) => n.centsOff !== null)) {
        setSave({ kind: 'unheard' });
        return;
      }
      setSave({ kind: 'saving' });
      saveResult({
        exerciseId: exercise.id,
        target: formatTarget(notes),
        notes: result.notes,
        score: result.score,
        shift,
        recordedAt: new Date().toISOString(),
        ...(templateId ? { templateId } : {}),
      }).then(
        (outcome) => setSave(outcome),
        (err: unknown) =>
          setSave({ kind: 'failed', message: writeErrorText(err, 'We couldn’t save this result just now.') }),
      );
    },
    [exercise, notes, saveResult, shift, signedIn, templateId],
  );

  // The analyser searches an octave either side of the target, as `npm run analyse -- --target`
  // does: a take reads the same here as in the command and the accuracy table.
  const pitchRange = useMemo(() => analysisRangeFor(notes), [notes]);
  const take = useTargetTake({
    notes,
    startEngine,
    headphones,
    pitchRange,
    micErrorText: TUNING_MIC_TEXT,
    beforeSinging,
    onResult,
  });
  const busy = take.phase === 'starting' || take.phase === 'singing';
  if (!exercise) return null;
  const sungNotes = notes.filter((n) => n.hz !== null).map((n) => n.name);

  return (
    <div className={styles.match} data-testid="match-the-note" data-phase={take.phase}>
      {exerciseId === undefined && (
        <ExercisePicker
          exerciseId={exercise.id}
          shift={shift}
          disabled={busy}
          onExercise={(id) => {
            setPicked(id);
            setSave({ kind: 'idle' });
          }}
          onShift={(s) => {
            setShift(s);
            setSave({ kind: 'idle' });
          }}
        />
      )}
      <div className={styles.exercise}>
        {!untitled && (
          <>
            <h3 className={styles.exerciseTitle}>{exercise.title}</h3>
            <p>{exercise.description}</p>
          </>
        )}
        <p className={styles.targetNotes} data-testid="target-notes">
          {sungNotes.join(' · ')}
        </p>
        <p className={styles.muted}>
          {range
            ? 'Placed in your range, from your recordings in the tuning room.'
            : 'Placed in a middle range: record your voice a few times in free recording and exercises move to fit it.'}
        </p>
      </div>
      <label className={styles.headphones}>
        <input
          type="checkbox"
          checked={headphones}
          disabled={busy}
          onChange={(e) => setHeadphones(e.target.checked)}
        />
        I’m wearing headphones: play the notes while I sing
      </label>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={take.hear}
          disabled={(busy && !headphones) || take.phase === 'hearing'}
        >
          {take.phase === 'hearing' ? 'Playing…' : 'Hear it'}
        </Button>
        {busy ? (
          <Button
            onClick={take.stop}
            disabled={take.phase === 'starting'}
            loading={take.phase === 'starting'}
          >
            Stop singing
          </Button>
        ) : (
          <Button onClick={take.sing}>{take.result ? 'Sing it again' : 'Sing it'}</Button>
        )}
      </div>
      <p className={styles.cue} role="status" data-testid="take-status">
        {take.notVoice ? 'Nothing to score this time.' : statusText(take.phase, headphones)}
      </p>
      {take.heardSoFar && (
        <p className={styles.muted} data-testid="take-heard">
          {take.heardSoFar}
        </p>
      )}
      {take.notVoice && (
        <p className={styles.muted} data-testid="take-not-voice">
          {take.notVoice}
        </p>
      )}
      {take.error && <Alert>{take.error}</Alert>}
      <TargetTrace notes={notes} buffer={take.buffer} live={busy} />
      {take.result && <TakeResult result={take.result} />}
      {take.result && <SaveNote save={save} signedIn={signedIn} />}
    </div>
  );
}

function statusText(phase: TakePhase, headphones: boolean): string {
  if (phase === 'hearing') return 'Listen to the notes…';
  if (phase === 'starting') return 'Asking for your microphone…';
  if (phase === 'singing')
    return headphones
      ? 'Sing along from the dotted line; the take ends by itself.'
      : 'Sing each note as the line reaches its bar, starting at the dotted line; the take ends by itself.';
  if (phase === 'done') return 'Here is how each note went.';
  return 'Hear the notes, then sing them back.';
}

function SaveNote({ save, signedIn }: { save: SaveState; signedIn: boolean }) {
  if (!signedIn)
    return (
      <p className={styles.muted}>Sign in to keep your results and see your pitch accuracy over time.</p>
    );
  if (save.kind === 'saving') return <p className={styles.muted}>Saving your result…</p>;
  if (save.kind === 'unheard')
    return (
      <p className={styles.muted} data-testid="take-unheard">
        We didn’t hear a note this time, so nothing was saved. Sing a little louder or closer to the
        microphone.
      </p>
    );
  if (save.kind === 'saved')
    return (
      <>
        <p className={styles.muted} data-testid="take-saved">
          Saved to your pitch accuracy in voice health. Its minutes count as practice, not as a session.
        </p>
        <EarnedList badges={save.newBadges} />
      </>
    );
  if (save.kind === 'queued')
    return (
      <>
        <p className={styles.muted}>{SAVED_OFFLINE_TITLE}</p>
        <EarnedList queued />
      </>
    );
  if (save.kind === 'failed') return <Alert>{save.message}</Alert>;
  return null;
}
