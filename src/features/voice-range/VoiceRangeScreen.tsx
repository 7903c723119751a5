import { useState } from 'react';
import { BackHeader } from '../../ui/BackHeader';
import { StateMessage } from '../../ui/StateMessage';
import { recordTake } from '../assessment/record-take';
import { formatDay } from '../growth/growth-text';
import { useSavedBlock } from '../offline/saved-data/use-saved-block';
import { FeatureGate } from '../tier-features/FeatureGate';
import { analyseRangeOnDevice } from './analyse-range';
import { forgetCalibration, loadCalibration, saveCalibration, type Calibration } from './calibration';
import { CalibrationPanel } from './CalibrationPanel';
import { RangeCheck } from './RangeCheck';
import { useDeleteRange, useRanges, usePendingRanges, withPendingRanges, type ShownRange } from './range-api';
import { writeErrorText } from '../../lib/outbox/online-only';
import { notesOf, rangeTrend, semitoneCount } from './range-history';
import { RANGE_STEPS, WARM_UP } from './steps';
import a from '../assessment/Assessment.module.css';
import styles from './VoiceRange.module.css';

const DEVICE = { recordTake, analyse: analyseRangeOnDevice };

/**
 * /voice-range (tier feature `voice_range_tracking`, level 6): the guided range check with the
 * phonetogram drawn live, the optional calibration of this device, and the saved ranges over
 * time. Reached from the tuning room and from voice health.
 */
export function VoiceRangeScreen() {
  return (
    <section className={styles.screen} aria-label="your voice range">
      <BackHeader to="/voice-health-insights" backLabel="back to voice health" title="your voice range">
        <p className={styles.lead}>Find your lowest and highest notes, and watch your range grow.</p>
      </BackHeader>
      <FeatureGate feature="voice_range_tracking">
        <VoiceRangeContent />
      </FeatureGate>
    </section>
  );
}

function VoiceRangeContent() {
  const [checking, setChecking] = useState(false);
  const [calibration, setCalibration] = useState<Calibration | null>(() => loadCalibration());
  if (checking)
    return <RangeCheck deps={DEVICE} calibration={calibration} onClose={() => setChecking(false)} />;
  return (
    <>
      <section className={a.card} aria-labelledby="range-start-title">
        <h2 id="range-start-title" className={a.cardTitle}>
          find my range
        </h2>
        <p>
          About two minutes of singing “ah”: your lowest and highest notes, and how softly and loudly you can
          sing between them, drawn as you go.
        </p>
        <p className={a.muted}>{WARM_UP}</p>
        <ol className={styles.steps}>
          {RANGE_STEPS.map((s) => (
            <li key={s.title}>{s.title}</li>
          ))}
        </ol>
        <button type="button" className={a.primary} onClick={() => setChecking(true)}>
          start the range check
        </button>
      </section>
      <RangeHistory />
      <CalibrationPanel
        calibration={calibration}
        recordTake={DEVICE.recordTake}
        onSave={(c) => {
          saveCalibration(c);
          setCalibration(c);
        }}
        onForget={() => {
          forgetCalibration();
          setCalibration(null);
        }}
      />
    </>
  );
}

function RangeHistory() {
  const block = useSavedBlock(useRanges(), 'your saved ranges');
  const pending = usePendingRanges();
  return (
    <section className={a.card} aria-labelledby="range-history-title" data-testid="range-history">
      <h2 id="range-history-title" className={a.cardTitle}>
        your range over time
      </h2>
      {block.data === undefined ? (
        block.fallback
      ) : (
        <>
          {block.note}
          <HistoryList list={withPendingRanges(block.data, pending)} />
        </>
      )}
    </section>
  );
}

function HistoryList({ list }: { list: ShownRange[] }) {
  const remove = useDeleteRange();
  if (list.length === 0)
    return (
      <StateMessage kind="empty" title="No range saved yet." hint="Your first range check appears here." />
    );
  const trend = rangeTrend(list);
  return (
    <>
      {trend && <p data-testid="range-history-trend">{trend}</p>}
      <ul className={styles.savedList} aria-label="your saved ranges">
        {list.map((r) => (
          <li key={r.recordedAt}>
            <span>
              {formatDay(r.recordedAt)}: {notesOf(r)}, {semitoneCount(r.rangeSemitones)} semitones
              {r.waiting ? ' · Waiting to sync' : ''}
            </span>
            {r.id !== undefined && !r.waiting && (
              <button
                type="button"
                className={a.link}
                disabled={remove.isPending && remove.variables === r.id}
                onClick={() => remove.mutate(r.id!)}
                aria-label={`remove the range check of ${formatDay(r.recordedAt)}`}
              >
                remove
              </button>
            )}
          </li>
        ))}
      </ul>
      {remove.isError && (
        <StateMessage
          kind="error"
          title={writeErrorText(remove.error, 'We could not remove the range check.')}
        />
      )}
    </>
  );
}
