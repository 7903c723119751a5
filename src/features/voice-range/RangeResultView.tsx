import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { RangeResult } from '../../../dsp/range-types';
import { noteName } from '../../domain/voice/range';
import { writeErrorText } from '../../lib/outbox/online-only';
import { StateMessage } from '../../ui/StateMessage';
import { formatDay } from '../growth/growth-text';
import type { Calibration } from './calibration';
import { Phonetogram } from './Phonetogram';
import { dynamicRange, type DotSet } from './phonetogram';
import { useRanges, usePendingRanges, useSaveRange, withPendingRanges, type NewRange } from './range-api';
import { rangeSentence, rangeTrend } from './range-history';
import a from '../assessment/Assessment.module.css';
import styles from './VoiceRange.module.css';

interface Props {
  result: RangeResult;
  recordedAt: string;
  dots: DotSet;
  calibration: Calibration | null;
  onAgain(): void;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

/** What is saved of a result: numbers only; the softest level only with a calibrated level. */
export function rangeToSave(result: RangeResult, recordedAt: string): NewRange {
  const spl = result.levels === 'spl';
  return {
    lowestHz: result.lowestHz,
    highestHz: result.highestHz,
    rangeSemitones: result.rangeSemitones,
    profile: result.profile,
    levels: spl ? 'spl' : 'relative',
    ...(spl && result.profile.length > 0
      ? { softestDb: Math.min(...result.profile.map((p) => p.minDb)) }
      : {}),
    recordedAt,
    engineVersion: result.engineVersion,
  };
}

/** The result: the range in a sentence, the drawn profile, the notes, the details, and saving it. */
export function RangeResultView({ result, recordedAt, dots, calibration, onAgain, headingRef }: Props) {
  const stored = useRanges();
  const pending = usePendingRanges();
  const save = useSaveRange();
  const all = withPendingRanges(stored.data ?? [], pending);
  const when = Date.parse(recordedAt);
  const saved = save.isSuccess || all.some((r) => Date.parse(r.recordedAt) === when);
  const earlier = all.filter((r) => Date.parse(r.recordedAt) !== when);
  const trend = rangeTrend([{ ...result, recordedAt }, ...earlier]);
  const spl = result.levels === 'spl';
  return (
    <section className={a.card} aria-labelledby="range-result-title" data-testid="range-result">
      <h2 id="range-result-title" className={a.cardTitle} ref={headingRef} tabIndex={-1}>
        your range
      </h2>
      <p className={a.verdict} data-testid="range-words">
        {rangeSentence({ ...result, recordedAt })}
      </p>
      {trend && <p data-testid="range-trend">{trend}</p>}
      <Phonetogram
        dots={dots.dots}
        loudest={dots.loudest}
        levels={spl ? 'spl' : 'relative'}
        profile={result.profile}
        label={`Your voice range profile: ${result.lowestNote} to ${result.highestNote}; the shaded area is the softest to the loudest you sang on each note.`}
      />
      <dl className={styles.notes}>
        <dt>lowest note</dt>
        <dd data-testid="range-lowest">
          {result.lowestNote} ({Math.round(result.lowestHz)} Hz)
        </dd>
        <dt>highest note</dt>
        <dd data-testid="range-highest">
          {result.highestNote} ({Math.round(result.highestHz)} Hz)
        </dd>
      </dl>
      <p className={a.muted} data-testid="range-levels">
        {spl
          ? `Levels are in dB SPL at 30 cm, from this device’s calibration (${calibration?.device ?? 'this device'}${calibration?.calibratedAt ? `, ${formatDay(calibration.calibratedAt)}` : ''}).`
          : 'Levels are relative: 0 dB is your loudest sound today, because this device is not calibrated.'}
      </p>
      <details className={a.details} data-testid="range-details">
        <summary>details: soft and loud on each note</summary>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">note</th>
              <th scope="col">softest</th>
              <th scope="col">loudest</th>
              <th scope="col">dynamic range</th>
            </tr>
          </thead>
          <tbody>
            {result.profile.map((p) => (
              <tr key={p.semitone}>
                <th scope="row">{noteName(p.semitone)}</th>
                <td>{p.minDb.toFixed(1)} dB</td>
                <td>{p.maxDb.toFixed(1)} dB</td>
                <td>{dynamicRange(p).toFixed(1)} dB</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className={styles.meanings}>
          <li>softest: the quietest steady voice you made on that note.</li>
          <li>loudest: the strongest comfortable voice on that note.</li>
          <li>dynamic range: how far apart the two are; it often widens with practice.</li>
          <li>
            semitone: one step on a piano; twelve make an octave. Your range is the 2nd to the 98th percentile
            of the pitches you sang, so a single slip does not count.
          </li>
        </ul>
      </details>
      <p className={a.muted}>
        Your recordings stayed on this phone: only these numbers are saved, when you choose to.
      </p>
      {save.isError && (
        <StateMessage kind="error" title={writeErrorText(save.error, 'We could not save your range.')} />
      )}
      {saved ? (
        <p role="status" data-testid="range-saved">
          {save.data?.queued
            ? 'Saved on this device: it is sent to your account when you are back online.'
            : 'Saved to your voice health.'}{' '}
          <Link to="/voice-health-insights">see voice health</Link>
        </p>
      ) : (
        <button
          type="button"
          className={a.primary}
          onClick={() => save.mutate(rangeToSave(result, recordedAt))}
          disabled={save.isPending}
        >
          {save.isPending ? 'saving…' : 'save my range'}
        </button>
      )}
      <button type="button" className={a.secondary} onClick={onAgain}>
        check my range again
      </button>
    </section>
  );
}
