import { useEffect, useState } from 'react';
import { centsOff, noteName } from './format';
import { NOT_HEARD_LIVE, TECHNICAL_TERMS, tuneWords } from '../../domain/voice';
import { useLiveStore } from './live-buffer';
import styles from './Recorder.module.css';

/** How often screen readers hear the pitch: often enough to follow, rarely enough to bear. */
const ANNOUNCE_MS = 5000;

/**
 * Pitch (note in words; Hz and cents behind "details") and volume of the moment, and the recording's running score and four
 * areas (the same numbers the result card will show); subscribes to the live store.
 */
export function LiveReadout({ active }: { active: boolean }) {
  const v = useLiveStore((s) => s.values);
  // A note and "in tune" are said of a voice only (the rule the final word uses); a tone's
  // pitch is still measured and shown in Hz.
  const voice = v.heard === 'voice';
  const note = v.semitone === null || !voice ? null : noteName(v.semitone);
  const notVoice = active && (v.heard === 'tone' || v.heard === 'noise') ? NOT_HEARD_LIVE[v.heard] : null;
  const cents = v.semitone === null ? 0 : centsOff(v.semitone);
  const announcement = useThrottledText(
    active ? (notVoice ?? (note ? `Pitch ${note}, ${Math.round(v.pitchHz ?? 0)} hertz` : 'Listening')) : '',
    ANNOUNCE_MS,
  );

  return (
    <div className={styles.readout}>
      <div className={styles.pitch}>
        <span className={styles.note}>{note ?? '–'}</span>
        {note && (
          <span className={styles.tune} data-testid="live-tune">
            {tuneWords(cents)}
          </span>
        )}
      </div>
      <details className={styles.liveDetails}>
        <summary>details: hertz and cents</summary>
        <p className={styles.liveNumbers}>
          <span data-testid="live-pitch" data-hz={v.pitchHz ?? ''} className={styles.hz}>
            {v.pitchHz === null ? '– Hz' : `${v.pitchHz.toFixed(1)} Hz`}
          </span>
          {note && (
            <span className={styles.cents} data-testid="live-cents">
              {cents === 0 ? '0 cents' : `${cents > 0 ? '+' : '−'}${Math.abs(cents)} cents`}
            </span>
          )}
        </p>
        <p className={styles.cents}>
          {TECHNICAL_TERMS.hz} {TECHNICAL_TERMS.cents}
        </p>
      </details>
      {notVoice && (
        <p className={styles.liveHeard} data-testid="live-heard">
          {notVoice}
        </p>
      )}
      <p className={styles.liveScore}>
        score so far <span data-testid="live-score">{active && v.overall !== null ? v.overall : '–'}</span>
      </p>
      <dl className={styles.meters}>
        <Meter label="volume" value={active ? v.volume : null} testId="live-volume" />
        <Meter label="clarity" value={active ? v.clarity : null} testId="live-clarity" />
        <Meter label="stability" value={active ? v.stability : null} testId="live-stability" />
        <Meter label="resonance" value={active ? v.resonance : null} testId="live-resonance" />
        <Meter label="projection" value={active ? v.projection : null} testId="live-projection" />
      </dl>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/** A labelled percentage with a bar; `null` (not recording) shows a dash and an empty bar. */
function Meter({ label, value, testId }: { label: string; value: number | null; testId?: string }) {
  return (
    <div className={styles.meter}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value === null ? '–' : `${value}%`}</dd>
      <span className={styles.meterTrack} aria-hidden>
        <span className={styles.meterFill} style={{ transform: `scaleX(${(value ?? 0) / 100})` }} />
      </span>
    </div>
  );
}

/** Lets `text` through at most once per `ms`, so an aria-live region is not a firehose. */
function useThrottledText(text: string, ms: number): string {
  const [shown, setShown] = useState(text);
  const [last, setLast] = useState(0);
  useEffect(() => {
    if (text === shown) return;
    const wait = Math.max(0, last + ms - Date.now());
    const id = window.setTimeout(() => {
      setShown(text);
      setLast(Date.now());
    }, wait);
    return () => window.clearTimeout(id);
  }, [text, shown, last, ms]);
  return shown;
}
