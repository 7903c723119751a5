import { Link, useNavigate } from 'react-router-dom';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { AVQI_BOUNDARY, sideOfBoundary } from '../../assessment/measures';
import {
  formatMetric,
  METRIC_TEXT,
  NOT_MEASURED,
  overview,
  assessmentsInWords,
  recommendedArea,
  within,
  type MeasuredMetric,
} from '../voice-health';
import { NoData } from './NoData';
import { RangeAndDsi } from './RangeAndDsi';
import { countText } from '../../../lib/plural';
import styles from '../Growth.module.css';

const MEASURED = ['tonalClarity', 'breathSupport'] as const satisfies readonly MeasuredMetric[];

function changeWords(change: number | null): string {
  if (change === null) return 'no assessment last week to compare with';
  if (Math.abs(change) < 0.5) return 'about the same as last week';
  return `${Math.abs(change).toFixed(2)} ${change < 0 ? 'lower than last week (better)' : 'higher than last week (less good)'}`;
}

export function OverviewTab({ list }: { list: readonly ShownAssessment[] }) {
  const navigate = useNavigate();
  const o = overview(list, Date.now());
  const m = o.current;
  const avqi = m?.voiceQualityScore ?? null;
  const weekAgo = Date.now() - 7 * 86_400_000;
  const waiting = list.filter((a) => a.waiting && Date.parse(a.recordedAt) >= weekAgo).length;
  // Words first (issue 31): this week's assessments counted on the boundary, before the number.
  const words = assessmentsInWords(
    within(list, weekAgo, Date.now() + 1).map((a) => a.avqi),
    'this week',
  );
  return (
    <>
      {m && avqi !== null ? (
        <>
          <div className={styles.card} data-testid="health-score">
            {words && (
              <p className={styles.lead} data-testid="health-words">
                {words}
              </p>
            )}
            <p className={styles.tierLabel}>{METRIC_TEXT.voiceQualityScore.label}, this week</p>
            <h2 className={styles.bigScore}>{formatMetric('voiceQualityScore', avqi)}</h2>
            <p>
              {sideOfBoundary(avqi) === 'typical'
                ? `At or below ${AVQI_BOUNDARY}: in the range of typical voices.`
                : `Above ${AVQI_BOUNDARY}: in the range where voice clinics often hear hoarseness or breathiness.`}
            </p>
            <p className={styles.muted}>{changeWords(o.change)}</p>
            <p className={styles.muted}>A wellbeing indicator, not a diagnosis.</p>
            {waiting > 0 && (
              <p className={styles.muted} data-testid="health-waiting">
                Includes {countText(waiting, 'assessment')} waiting to sync.
              </p>
            )}
          </div>
          {MEASURED.map((k) => {
            const value = m[k];
            return (
              <div key={k} className={styles.card} data-testid={`metric-${k}`}>
                <div className={styles.row}>
                  <h2>{METRIC_TEXT[k].label}</h2>
                  <strong>{value === null ? 'not measured this week' : formatMetric(k, value)}</strong>
                </div>
                <p className={styles.muted}>{METRIC_TEXT[k].explain}</p>
                <p className={styles.muted}>tip: {METRIC_TEXT[k].tip}</p>
              </div>
            );
          })}
        </>
      ) : (
        <NoData what="You have no voice assessment from the last 7 days." />
      )}
      <RangeAndDsi list={list} />
      {(['resonanceLevel', 'vocalTension'] as const).map((k) => (
        <div key={k} className={styles.card} data-testid={`metric-${k}`}>
          <div className={styles.row}>
            <h2>{NOT_MEASURED[k].label}</h2>
            <strong>not measured yet</strong>
          </div>
          <p className={styles.muted}>{NOT_MEASURED[k].why}</p>
        </div>
      ))}
      <div className={styles.card}>
        <h2>quick actions</h2>
        <Link to="/voice-analysis?assessment=start">start voice assessment</Link>
        <Link to="/voice-range">find my range</Link>
        {m && (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              const area = recommendedArea(m);
              navigate(`/filtered?${new URLSearchParams({ type: 'category', value: area }).toString()}`);
            }}
          >
            practice recommended exercises
          </button>
        )}
      </div>
    </>
  );
}
