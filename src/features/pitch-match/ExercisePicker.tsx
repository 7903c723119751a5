import { useMemo, useState } from 'react';
import { PITCH_EXERCISES, type OctaveShift, type PitchExercise } from '../../domain/pitch-target/exercises';
import { SKILL_LEVELS } from '../../domain/skill-levels';
import { Select } from '../../ui/Select';
import { FOCUS_TILES } from '../sessions/tiles';
import styles from './PitchMatch.module.css';

const FOCUS_LABEL = new Map<string, string>(FOCUS_TILES.map((f) => [f.value, f.label]));
export const focusLabel = (focus: string) => FOCUS_LABEL.get(focus) ?? focus;

export const OCTAVES: { shift: OctaveShift; label: string }[] = [
  { shift: -12, label: 'an octave lower' },
  { shift: 0, label: 'in my range' },
  { shift: 12, label: 'an octave higher' },
];

interface Props {
  exerciseId: string;
  shift: OctaveShift;
  disabled: boolean;
  onExercise: (id: string) => void;
  onShift: (shift: OctaveShift) => void;
}

/** The exercises by focus and voice level, and the octave to sing them in. */
export function ExercisePicker({ exerciseId, shift, disabled, onExercise, onShift }: Props) {
  const [focus, setFocus] = useState('');
  const [level, setLevel] = useState('');
  const shown = useMemo(
    () => PITCH_EXERCISES.filter((e) => (!focus || e.focus === focus) && (!level || e.level === level)),
    [focus, level],
  );
  return (
    <div className={styles.picker}>
      <div className={styles.filters}>
        <Select
          label="focus"
          placeholder="every focus"
          value={focus}
          onChange={(e) => setFocus(e.target.value)}
          options={FOCUS_TILES.map((f) => ({ value: f.value, label: f.label }))}
        />
        <Select
          label="voice level"
          placeholder="every level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          options={SKILL_LEVELS.map((l) => ({ value: l, label: l }))}
        />
      </div>
      {shown.length === 0 ? (
        <p className={styles.muted}>No exercise has this focus at this level yet; choose another level.</p>
      ) : (
        <ul className={styles.exerciseList} aria-label="pitch exercises">
          {shown.map((e) => (
            <li key={e.id}>
              <ExerciseOption
                exercise={e}
                selected={e.id === exerciseId}
                disabled={disabled}
                onPick={onExercise}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.octaves} role="group" aria-label="octave">
        {OCTAVES.map((o) => (
          <button
            key={o.shift}
            type="button"
            className={`${styles.octave} ${o.shift === shift ? styles.octaveSelected : ''}`}
            aria-pressed={o.shift === shift}
            disabled={disabled}
            onClick={() => onShift(o.shift)}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function ExerciseOption({
  exercise,
  selected,
  disabled,
  onPick,
}: {
  exercise: PitchExercise;
  selected: boolean;
  disabled: boolean;
  onPick: (id: string) => void;
}) {
  return (
    <button
      type="button"
      className={`${styles.option} ${selected ? styles.optionSelected : ''}`}
      aria-pressed={selected}
      disabled={disabled}
      onClick={() => onPick(exercise.id)}
      data-testid="exercise-option"
      data-exercise={exercise.id}
    >
      <span className={styles.optionTitle}>
        {selected && <span aria-hidden>✓ </span>}
        {exercise.title}
      </span>
      <span className={styles.optionMeta}>
        {focusLabel(exercise.focus)} · {exercise.level}
      </span>
    </button>
  );
}
