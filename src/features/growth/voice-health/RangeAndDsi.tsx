import { Link } from 'react-router-dom';
import { isFeatureUnlocked, lockedFeatureMessage } from '../../../domain/tier-features';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { useSavedBlock } from '../../offline/saved-data/use-saved-block';
import { useDashboard } from '../../profile/profile-queries';
import { dsiStatus } from '../../voice-range/dsi-status';
import { usePendingRanges, useRanges, withPendingRanges, type ShownRange } from '../../voice-range/range-api';
import { rangeSentence, rangeTrend } from '../../voice-range/range-history';
import { formatDay } from '../growth-text';
import styles from '../Growth.module.css';

/**
 * Voice health's range and Dysphonia Severity Index (issue 31), beside the AVQI and the maximum
 * phonation time: the newest range check in words with its trend, and the DSI from the newest
 * calibrated range and the newest assessment with a breath task, or why it cannot be given.
 * Range checks open at level 6 (voice range tracking); below it both cards say so.
 */
export function RangeAndDsi({ list }: { list: readonly ShownAssessment[] }) {
  const tokens = useDashboard().data?.user.toneTokens;
  if (tokens === undefined) return null;
  if (!isFeatureUnlocked('voice_range_tracking', tokens)) {
    const locked = lockedFeatureMessage('voice_range_tracking', tokens);
    return (
      <>
        <div className={styles.card} data-testid="health-range">
          <h2>voice range</h2>
          <p className={styles.muted}>
            {locked} It finds your lowest and highest notes and follows your range.
          </p>
        </div>
        <DsiCard why={`It needs a range check. ${locked}`} />
      </>
    );
  }
  return <OpenRangeAndDsi list={list} />;
}

function OpenRangeAndDsi({ list }: { list: readonly ShownAssessment[] }) {
  const block = useSavedBlock(useRanges(), 'your range checks');
  const pending = usePendingRanges();
  if (block.data === undefined)
    return (
      <div className={styles.card} data-testid="health-range">
        <h2>voice range</h2>
        {block.fallback}
      </div>
    );
  const ranges = withPendingRanges(block.data, pending);
  const status = dsiStatus(ranges, list);
  return (
    <>
      <RangeCard ranges={ranges} note={block.note} />
      {status.kind === 'value' ? (
        <div className={styles.card} data-testid="health-dsi">
          <p className={styles.tierLabel}>voice severity index (DSI)</p>
          <p>{status.words}</p>
          <h2 className={styles.bigScore}>
            {status.dsi > 0 ? '+' : ''}
            {status.dsi.toFixed(1)}
          </h2>
          <p className={styles.muted}>
            From your range check of {formatDay(status.rangeAt)} and your assessment of{' '}
            {formatDay(status.assessmentAt)}.
          </p>
          <details>
            <summary>details: what it is made of</summary>
            <ul className={styles.muted}>
              <li>
                maximum phonation time: {status.inputs.mptSeconds.toFixed(1)} s, how long you held “ah”.
              </li>
              <li>highest note: {Math.round(status.inputs.highestHz)} Hz, the top of your range.</li>
              <li>
                softest level: {status.inputs.softestDbSpl.toFixed(1)} dB SPL, your quietest voice at 30 cm.
              </li>
              <li>
                jitter: {status.inputs.jitterPercent.toFixed(2)} %, how much each vibration differs from the
                next.
              </li>
              <li>
                The Dysphonia Severity Index (Wuyts et al. 2000) weighs these four, as voice clinics do: 0.13
                × time + 0.0053 × highest Hz − 0.26 × softest dB − 1.18 × jitter + 12.4.
              </li>
            </ul>
          </details>
          <p className={styles.muted}>A wellbeing indicator, not a diagnosis.</p>
        </div>
      ) : (
        <DsiCard why={status.why} />
      )}
    </>
  );
}

function RangeCard({ ranges, note }: { ranges: ShownRange[]; note: React.ReactNode }) {
  const newest = ranges[0];
  const trend = rangeTrend(ranges);
  return (
    <div className={styles.card} data-testid="health-range">
      <h2>voice range</h2>
      {note}
      {newest ? (
        <>
          <p>{rangeSentence(newest, `Your range (${formatDay(newest.recordedAt)})`)}</p>
          {trend && <p>{trend}</p>}
          {newest.waiting && <p className={styles.muted}>Waiting to sync.</p>}
          <Link to="/voice-range">check your range again</Link>
        </>
      ) : (
        <>
          <p className={styles.muted}>
            No range check yet: about two minutes of glides and held notes finds your lowest and highest
            notes.
          </p>
          <Link to="/voice-range">find my range</Link>
        </>
      )}
    </div>
  );
}

function DsiCard({ why }: { why: string }) {
  return (
    <div className={styles.card} data-testid="health-dsi">
      <div className={styles.row}>
        <h2>voice severity index (DSI)</h2>
        <strong>not worked out yet</strong>
      </div>
      <p className={styles.muted}>
        The index voice clinics use beside the AVQI, from +5 (a typical voice) to −5 (severely hoarse). {why}
      </p>
    </div>
  );
}
