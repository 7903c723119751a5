import { VOICE_FEEL_LABELS, VOICE_FEELS } from '../../domain/check-in';
import { shortDate, stripSummary, type StripDay } from './check-in-text';
import styles from './CheckIn.module.css';

/** Bar heights by answer: a clear voice stands tallest, so the strip reads without its colours. */
const HEIGHT: Record<string, number> = { clear: 100, fine: 80, tired: 55, strained: 35, hoarse: 20 };

/**
 * The last 30 days: the words first, then one bar a day (height and colour by how the voice
 * felt, a dot for a day without a check-in), each bar naming its day and answer to a screen
 * reader.
 */
export function CheckInStrip({ days }: { days: readonly StripDay[] }) {
  return (
    <section className={styles.card} aria-labelledby="strip-title" data-testid="check-in-strip">
      <h2 id="strip-title" className={styles.cardTitle}>
        your last {days.length} days
      </h2>
      <p className={styles.muted} data-testid="strip-summary">
        {stripSummary(days)}
      </p>
      <ol className={styles.strip} aria-label={`your voice, day by day, the last ${days.length} days`}>
        {days.map((d) => (
          <li key={d.date} className={styles.stripDay} data-voice={d.voice ?? 'none'}>
            <span
              className={d.voice ? styles.bar : styles.noBar}
              style={d.voice ? { height: `${HEIGHT[d.voice]}%` } : undefined}
              aria-hidden
            />
            <span className="visually-hidden">
              {shortDate(d.date)}: {d.voice ? VOICE_FEEL_LABELS[d.voice] : 'no check-in'}
            </span>
          </li>
        ))}
      </ol>
      <div className={styles.stripEnds} aria-hidden>
        <span>{days.length} days ago</span>
        <span>today</span>
      </div>
      <ul className={styles.stripKey} aria-label="what the bars mean">
        {VOICE_FEELS.map((v) => (
          <li key={v}>
            <span className={styles.swatch} data-voice={v} aria-hidden />
            {VOICE_FEEL_LABELS[v]}
          </li>
        ))}
      </ul>
    </section>
  );
}
