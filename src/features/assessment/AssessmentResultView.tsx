import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { AssessmentResult } from '../../../dsp/assessment-types';
import { writeErrorText } from '../../lib/outbox/online-only';
import { StateMessage } from '../../ui/StateMessage';
import { formatDay } from '../growth/growth-text';
import {
  useAssessments,
  usePendingAssessments,
  useSaveAssessment,
  withPending,
  type NewAssessment,
} from './assessment-api';
import { AvqiScale } from './AvqiScale';
import {
  avqiInWords,
  changeText,
  formatMeasure,
  MEASURES,
  RESULT_ORDER,
  suggestProfessional,
} from './measures';
import { EarnedList } from '../rewards/EarnedList';
import styles from './Assessment.module.css';

export const NOT_A_DIAGNOSIS =
  'This is a wellbeing indicator, not a diagnosis. A cold, a long day or a quiet microphone can move these numbers.';
export const SEE_A_PROFESSIONAL =
  'Two of your last three results were above 2.43. If your voice has felt hoarse, breathy or tired for more than two or three weeks, a speech and language therapist or an ear, nose and throat doctor can check it.';

interface Props {
  result: AssessmentResult;
  mptSeconds: number | null;
  recordedAt: string;
  onAgain(): void;
  /** Focused when the result appears (the check moves focus to each new screen). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/** The result: AVQI on its scale, each measure in a sentence, the comparison, and what it is not. */
export function AssessmentResultView({ result, mptSeconds, recordedAt, onAgain, headingRef }: Props) {
  const stored = useAssessments();
  const pending = usePendingAssessments();
  const save = useSaveAssessment();
  const when = Date.parse(recordedAt);
  const previous = withPending(stored.data ?? [], pending).filter((a) => Date.parse(a.recordedAt) !== when);
  const last = previous[0];
  const saved = save.isSuccess || previous.length < withPending(stored.data ?? [], pending).length;
  const advise = suggestProfessional([result.avqi, ...previous.map((a) => a.avqi)]);
  const body: NewAssessment = {
    avqi: result.avqi,
    cpps: result.cpps,
    hnr: result.hnr,
    shimmerPercent: result.shimmerPercent,
    shimmerDb: result.shimmerDb,
    ltasSlope: result.ltasSlope,
    ltasTilt: result.ltasTilt,
    mptSeconds,
    ...jitterOf(result),
    recordedAt,
    engineVersion: result.engineVersion,
  };
  return (
    <section
      className={styles.card}
      aria-labelledby="assessment-result-title"
      data-testid="assessment-result"
    >
      <h2 id="assessment-result-title" className={styles.cardTitle} ref={headingRef} tabIndex={-1}>
        your voice assessment
      </h2>
      <p className={styles.verdict} data-testid="avqi-words">
        {avqiInWords(result.avqi)}
      </p>
      <p className={styles.big} data-testid="avqi-value">
        AVQI {formatMeasure('avqi', result.avqi)}
      </p>
      <AvqiScale avqi={result.avqi} />
      <p className={styles.muted}>{MEASURES.avqi.meaning}</p>
      {last && (
        <p data-testid="avqi-compare">
          Last time ({formatDay(last.recordedAt)}): {formatMeasure('avqi', last.avqi)}, so this is{' '}
          {changeText('avqi', result.avqi, last.avqi)}.
        </p>
      )}
      {mptSeconds !== null && (
        <dl className={styles.measures}>
          <Measure name="mptSeconds" value={mptSeconds} before={last?.mptSeconds ?? undefined} />
        </dl>
      )}
      {/* The six measures the index is made of, by their technical names: behind a control,
          each with its one-line meaning (issue 31: plain words first, jargon on request). */}
      <details className={styles.details} data-testid="assessment-details">
        <summary>details: the six measures behind the index</summary>
        <dl className={styles.measures}>
          {RESULT_ORDER.map((key) => (
            <Measure key={key} name={key} value={result[key]} before={last?.[key]} />
          ))}
        </dl>
      </details>
      {previous.length > 0 && <History list={previous.slice(0, 5)} />}
      <p className={styles.note}>{NOT_A_DIAGNOSIS}</p>
      {advise && (
        <p className={styles.note} role="note" data-testid="see-a-professional">
          {SEE_A_PROFESSIONAL}
        </p>
      )}
      <p className={styles.muted}>
        Your recordings stayed on this phone: only these numbers are saved, when you choose to.
      </p>
      {save.isError && (
        <StateMessage kind="error" title={writeErrorText(save.error, 'We could not save your assessment.')} />
      )}
      {saved ? (
        <>
          <p role="status" data-testid="assessment-saved">
            {save.data?.queued
              ? 'Saved on this device: it is sent to your account when you are back online.'
              : 'Saved to your voice health.'}{' '}
            <Link to="/voice-health-insights">see voice health</Link>
          </p>
          {save.data && <EarnedList badges={save.data.newBadges} queued={save.data.queued} />}
        </>
      ) : (
        <button
          type="button"
          className={styles.primary}
          onClick={() => save.mutate(body)}
          disabled={save.isPending}
        >
          {save.isPending ? 'saving…' : 'save to my voice health'}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onAgain}>
        take the check again
      </button>
    </section>
  );
}

/**
 * The vowel's jitter (local, %) when this engine gives it (issue 31 adds it to the result):
 * saved with the check for the Dysphonia Severity Index; absent from older engines' results.
 */
function jitterOf({ jitterPercent }: AssessmentResult): { jitterPercent?: number } {
  return jitterPercent !== undefined && Number.isFinite(jitterPercent) ? { jitterPercent } : {};
}

function Measure({ name, value, before }: { name: keyof typeof MEASURES; value: number; before?: number }) {
  const m = MEASURES[name];
  return (
    <div className={styles.measure} data-testid={`measure-${name}`}>
      <dt>{m.label}</dt>
      <dd>
        <strong>{formatMeasure(name, value)}</strong>
        {before !== undefined && <span className={styles.muted}> · {changeText(name, value, before)}</span>}
        <span className={styles.meaning}>{m.meaning}</span>
      </dd>
    </div>
  );
}

function History({ list }: { list: { recordedAt: string; avqi: number; waiting: boolean }[] }) {
  return (
    <div>
      <h3 className={styles.subTitle}>your earlier assessments</h3>
      <ul className={styles.history} data-testid="assessment-history">
        {list.map((a) => (
          <li key={a.recordedAt}>
            {formatDay(a.recordedAt)}: AVQI {formatMeasure('avqi', a.avqi)}
            {a.waiting ? ' · Waiting to sync' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
