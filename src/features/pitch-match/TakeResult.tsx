import { SCORE_RULE_TEXT } from '../../domain/pitch-target/score';
import type { ExerciseResult } from '../../domain/pitch-target/types';
import { arrivalText, centsText, heldText, isRest, noteOf, scoreWords } from './result-text';
import styles from './PitchMatch.module.css';

/**
 * A take's result: the score out of 100 with what it means and the rule it follows, and every
 * note's cents off, time held in tune and arrival, in words and numbers (colour only repeats it).
 */
export function TakeResult({ result }: { result: ExerciseResult }) {
  return (
    <section className={styles.result} aria-labelledby="take-result-title" data-testid="take-result">
      <h3 id="take-result-title" className={styles.resultTitle}>
        your result
      </h3>
      <p className={styles.score}>
        <span className={styles.scoreValue} data-testid="take-score">
          {result.score}
        </span>
        <span className={styles.scoreOutOf}>/ 100</span>
        <span className={styles.scoreWords}>{scoreWords(result.score)}</span>
      </p>
      <p className={styles.rule} data-testid="score-rule">
        <strong>How the score works: </strong>
        {SCORE_RULE_TEXT}
      </p>
      <ol className={styles.notes} aria-label="each note">
        {result.notes.map((n, i) => (
          <li
            key={i}
            className={styles.note}
            data-testid="note-result"
            data-cents={n.centsOff ?? ''}
            data-held={n.heldFraction ?? ''}
          >
            <span className={styles.noteName}>{noteOf(n.target)}</span>
            {isRest(n) ? (
              <span className={styles.noteDetail}>rest: not scored</span>
            ) : (
              <span className={styles.noteDetail}>
                <span
                  className={n.centsOff !== null && Math.abs(n.centsOff) <= 10 ? styles.close : undefined}
                >
                  {centsText(n.centsOff)}
                </span>
                <span>{heldText(n.heldFraction)}</span>
                <span>{arrivalText(n.onsetMs)}</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
