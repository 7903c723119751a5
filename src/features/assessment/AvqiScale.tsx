import { AVQI_BOUNDARY, scalePercent, SCALE_MAX, SCALE_MIN, sideOfBoundary } from './measures';
import styles from './Assessment.module.css';

/**
 * The AVQI on a scale from 0 to 8 with the 2.43 boundary drawn and labelled, the member's mark
 * on it, and the side of the boundary said in words (never by colour alone).
 */
export function AvqiScale({ avqi }: { avqi: number }) {
  const side = sideOfBoundary(avqi);
  return (
    <figure className={styles.scale} data-testid="avqi-scale">
      <div
        className={styles.scaleTrack}
        role="img"
        aria-label={`AVQI ${avqi.toFixed(2)} on a scale from ${SCALE_MIN} to ${SCALE_MAX}; the boundary is ${AVQI_BOUNDARY}`}
      >
        <div className={styles.scaleTypical} style={{ width: `${scalePercent(AVQI_BOUNDARY)}%` }} />
        <span className={styles.scaleBoundary} style={{ left: `${scalePercent(AVQI_BOUNDARY)}%` }} />
        <span className={styles.scaleMark} style={{ left: `${scalePercent(avqi)}%` }} aria-hidden="true">
          ▼
        </span>
      </div>
      <div className={styles.scaleLabels} aria-hidden="true">
        <span>{SCALE_MIN}</span>
        <span style={{ left: `${scalePercent(AVQI_BOUNDARY)}%` }} className={styles.scaleBoundaryLabel}>
          {AVQI_BOUNDARY}
        </span>
        <span>{SCALE_MAX}+</span>
      </div>
      <figcaption data-testid="avqi-side">
        {side === 'typical'
          ? `At or below ${AVQI_BOUNDARY}: in the range of typical voices.`
          : `Above ${AVQI_BOUNDARY}: in the range where voice clinics often hear hoarseness or breathiness.`}
      </figcaption>
    </figure>
  );
}
