import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { ChoiceChip } from '../../ui/ChoiceChip';
import { Slider } from '../../ui/Slider';
import { ApiRequestError } from '../../lib/api';
import { timeZone, useAddMood } from './wellness-api';
import { EMOTIONS, fromLocalInput, MOOD_DEFAULTS, toLocalInput } from './wellness-text';
import styles from './Wellness.module.css';

/**
 * 'Track Your Mood': four 1-10 sliders (defaults mood 7, stress 5, anxiety 5, energy 5),
 * emotion chips, notes and when it was (now by default, so a missed day can be caught up).
 * On failure the dialog stays open with the server's message and the answers kept.
 */
export function MoodDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const add = useAddMood();
  const [scores, setScores] = useState(MOOD_DEFAULTS);
  const [emotions, setEmotions] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [when, setWhen] = useState(() => toLocalInput(Date.now()));
  // Untouched, the field means "now": sent to the second, not as the minute it shows, so an
  // entry made right after signing up is not "before your account was created".
  const [whenTouched, setWhenTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { notes: useId(), when: useId(), emotions: useId() };

  const reset = () => {
    setScores(MOOD_DEFAULTS);
    setEmotions([]);
    setNotes('');
    setWhen(toLocalInput(Date.now()));
    setWhenTouched(false);
    setError(null);
  };
  const toggle = (e: string) =>
    setEmotions((cur) => (cur.includes(e) ? cur.filter((x) => x !== e) : [...cur, e]));
  const submit = async () => {
    const recordedAt = whenTouched ? fromLocalInput(when) : new Date().toISOString();
    if (!recordedAt) return setError('Choose when this was.');
    try {
      await add.mutateAsync({ ...scores, emotions, notes: notes.trim(), recordedAt, timeZone: timeZone() });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.serverMessage : 'Could not save. Please try again.');
      return;
    }
    reset();
    onOpenChange(false);
  };
  const slider = (key: keyof typeof MOOD_DEFAULTS, label: string, minLabel: string, maxLabel: string) => (
    <Slider
      label={label}
      min={1}
      max={10}
      value={scores[key]}
      onChange={(v) => setScores((s) => ({ ...s, [key]: v }))}
      minLabel={minLabel}
      maxLabel={maxLabel}
    />
  );

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (o) {
          setWhen(toLocalInput(Date.now()));
          setWhenTouched(false);
        }
        onOpenChange(o);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <div className={styles.dialogTop}>
            <Dialog.Title className={styles.dialogTitle}>Track Your Mood</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            {slider('moodScore', 'Mood', 'low', 'great')}
            {slider('stressLevel', 'Stress', 'none', 'very high')}
            {slider('anxietyLevel', 'Anxiety', 'none', 'very high')}
            {slider('energyLevel', 'Energy', 'drained', 'full')}
            <fieldset className={styles.group} aria-describedby={ids.emotions}>
              <legend className={styles.label}>Emotions</legend>
              <p id={ids.emotions} className={styles.muted}>
                Choose any that fit.
              </p>
              <div className={styles.chips}>
                {EMOTIONS.map((e) => (
                  <ChoiceChip
                    key={e}
                    className={styles.emotion}
                    selected={emotions.includes(e)}
                    onClick={() => toggle(e)}
                  >
                    {e}
                  </ChoiceChip>
                ))}
              </div>
            </fieldset>
            <label htmlFor={ids.notes} className={styles.label}>
              Notes
            </label>
            <textarea
              id={ids.notes}
              className={styles.field}
              rows={3}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <label htmlFor={ids.when} className={styles.label}>
              When
            </label>
            <input
              id={ids.when}
              type="datetime-local"
              className={styles.field}
              value={when}
              max={toLocalInput(Date.now())}
              onChange={(e) => {
                setWhen(e.target.value);
                setWhenTouched(true);
              }}
            />
            {error && <FormError className={styles.error}>{error}</FormError>}
            <Button type="submit" block loading={add.isPending}>
              Save mood
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
