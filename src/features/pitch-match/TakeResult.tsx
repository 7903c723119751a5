import { SCORE_RULE_TEXT } from '../../domain/pitch-target/score';
import type { ExerciseResult } from '../../domain/pitch-target/types';
import { offInWords, takeInWords } from '../../domain/pitch-target/words';
import { CENTS_EXPLAINED, arrivalText, centsText, heldText, isRest, noteOf, scoreWords } from './result-text';
import styles from './PitchMatch.module.css';

/**
 * A take's result, words first (issue 31): one sentence that counts the notes ("2 of 3 notes
 * right on the note; 1 a little flat"), the score out of 100 with what it means, and each note
 * in words. The numbers (cents off, time held in tune, arrival) sit behind each note's
 * "details", the rule of the score behind the take's; colour only repeats the words.
 */
export function TakeResult({ result }: { result: ExerciseResult }) {
  return (
    <section className={styles.result} aria-labelledby="take-result-title" data-testid="take-result">
      <h3 id="take-result-title" className={styles.resultTitle}>
        your result
      </h3>
      <p className={styles.lead} data-testid="take-words">
        {takeInWords(result.notes)}
      </p>
      <p className={styles.score}>
        <span className={styles.scoreValue} data-testid="take-score">
          {result.score}
        </span>
        <span className={styles.scoreOutOf}>/ 100</span>
        <span className={styles.scoreWords}>{scoreWords(result.score)}</span>
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
              <details className={styles.noteMore}>
                <summary>
                  <span
                    className={n.centsOff !== null && Math.abs(n.centsOff) <= 10 ? styles.close : undefined}
                  >
                    {offInWords(n.centsOff)}
                  </span>
                  <span className={styles.detailsHint}>details</span>
                </summary>
                <span className={styles.noteDetail}>
                  <span>{centsText(n.centsOff)}</span>
                  <span>{heldText(n.heldFraction)}</span>
                  <span>{arrivalText(n.onsetMs)}</span>
                </span>
              </details>
            )}
          </li>
        ))}
      </ol>
      <details className={styles.takeMore} data-testid="take-details">
        <summary>details: cents and how the score works</summary>
        <p className={styles.rule}>{CENTS_EXPLAINED}</p>
        <p className={styles.rule} data-testid="score-rule">
          <strong>How the score works: </strong>
          {SCORE_RULE_TEXT}
        </p>
      </details>
    </section>
  );
}
