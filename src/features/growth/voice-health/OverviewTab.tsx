import { Link, useNavigate } from 'react-router-dom';
import type { GoalMetric, StoredAnalysis } from '../growth-api';
import { band, METRIC_TEXT, overview, weakestArea } from '../voice-health';
import { NoData } from './NoData';
import styles from '../Growth.module.css';

const FOUR: GoalMetric[] = ['resonanceLevel', 'breathSupport', 'tonalClarity', 'vocalTension'];
const BAND_CLASS = { good: styles.bandGood, fair: styles.bandFair, poor: styles.bandPoor };

export function OverviewTab({ list }: { list: StoredAnalysis[] }) {
  const navigate = useNavigate();
  const o = overview(list, Date.now());
  const m = o.current;
  return (
    <>
      {m ? (
        <>
          <div className={styles.card} data-testid="health-score">
            <p className={styles.tierLabel}>voice health score</p>
            <h2
              className={`${styles.bigScore} ${BAND_CLASS[band('voiceQualityScore', m.voiceQualityScore)]}`}
            >
              {m.voiceQualityScore}
            </h2>
            <p className={styles.muted}>
              {o.change === null
                ? 'no recordings last week to compare with'
                : `${o.change > 0 ? '+' : ''}${o.change} since last week`}
            </p>
          </div>
          {FOUR.map((k) => (
            <div key={k} className={styles.card} data-testid={`metric-${k}`}>
              <div className={styles.row}>
                <h2>{METRIC_TEXT[k].label}</h2>
                <strong className={BAND_CLASS[band(k, m[k])]}>{m[k]}%</strong>
              </div>
              <p className={styles.muted}>{METRIC_TEXT[k].explain}</p>
              <p className={styles.muted}>tip: {METRIC_TEXT[k].tip}</p>
            </div>
          ))}
        </>
      ) : (
        <NoData what="You have no recordings in your account from the last 7 days." />
      )}
      <div className={styles.card}>
        <h2>quick actions</h2>
        <Link to="/voice-analysis">start voice assessment</Link>
        {m && (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              const area = METRIC_TEXT[weakestArea(m)].area;
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
