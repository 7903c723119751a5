import { useId, useState, type FormEvent } from 'react';
import {
  CHECK_IN_NOTE_MAX,
  ENERGY_LABELS,
  ENERGY_LEVELS,
  MOOD_LABELS,
  MOODS,
  VOICE_FEEL_LABELS,
  VOICE_FEELS,
  type EnergyLevel,
  type Mood,
  type VoiceFeel,
} from '../../domain/check-in';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { NewCheckIn } from './check-in-api';
import { ChoiceGroup } from './ChoiceGroup';
import styles from './CheckIn.module.css';

/**
 * The three taps and the optional note. Starts from today's earlier answers when changing them.
 * Save stays enabled: a missing answer is said in words next to the button, not hidden.
 */
export function CheckInForm({
  initial,
  saving,
  error,
  onSave,
  onCancel,
}: {
  initial: NewCheckIn | null;
  saving: boolean;
  error: unknown;
  onSave: (answers: NewCheckIn) => void;
  onCancel?: () => void;
}) {
  const [voice, setVoice] = useState<VoiceFeel | null>(initial?.voice ?? null);
  const [energy, setEnergy] = useState<EnergyLevel | null>(initial?.energy ?? null);
  const [mood, setMood] = useState<Mood | null>(initial?.mood ?? null);
  const [note, setNote] = useState(initial?.note ?? '');
  const [missing, setMissing] = useState(false);
  const noteId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!voice || !energy || !mood) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSave({ voice, energy, mood, note: note.trim() });
  };
  const unanswered = [!voice && 'your voice', !energy && 'your energy', !mood && 'your mood'].filter(Boolean);

  return (
    <form className={styles.form} onSubmit={submit} aria-label="today's check-in" noValidate>
      <ChoiceGroup
        legend="how does your voice feel?"
        name="voice"
        options={VOICE_FEELS}
        labels={VOICE_FEEL_LABELS}
        value={voice}
        onChange={setVoice}
      />
      <ChoiceGroup
        legend="your energy"
        name="energy"
        options={ENERGY_LEVELS}
        labels={ENERGY_LABELS}
        value={energy}
        onChange={setEnergy}
      />
      <ChoiceGroup
        legend="your mood"
        name="mood"
        options={MOODS}
        labels={MOOD_LABELS}
        value={mood}
        onChange={setMood}
      />
      <div className={styles.noteField}>
        <label htmlFor={noteId} className={styles.legend}>
          a note <span className={styles.optional}>(optional)</span>
        </label>
        <textarea
          id={noteId}
          className={styles.note}
          rows={2}
          maxLength={CHECK_IN_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="slept badly, long meeting, a cold coming…"
        />
      </div>
      {missing && unanswered.length > 0 && (
        <p className={styles.missing} role="alert">
          Tap an answer for {unanswered.join(' and ')} first.
        </p>
      )}
      {error !== null && error !== undefined && (
        <Alert>{writeErrorText(error, 'Your check-in was not saved. Please try again.')}</Alert>
      )}
      <div className={styles.formActions}>
        <Button type="submit" block loading={saving}>
          save today's check-in
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" block onClick={onCancel}>
            keep today's answers
          </Button>
        )}
      </div>
    </form>
  );
}
