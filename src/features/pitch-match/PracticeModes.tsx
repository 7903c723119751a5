import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import type { StartEngine } from '../tuning/engine-types';
import type { VoiceAnalysis } from '../tuning/recording-summary';
import styles from './PitchMatch.module.css';

// Fetched when the member opens it: the exercises, the scorer and the tone are not needed for
// free recording, the tuning room's first view.
const MatchTheNote = lazy(() => import('./MatchTheNote').then((m) => ({ default: m.MatchTheNote })));

type Mode = 'free' | 'match';

interface Props {
  /** Free recording: the tuning room's recorder. */
  free: ReactNode;
  startEngine: StartEngine;
  /** The tuning room's history: exercises are placed in the range its recordings show. */
  sessions: readonly VoiceAnalysis[];
}

/** The tuning room's two ways to practise: free recording, and "match the note" beside it. */
export function PracticeModes({ free, startEngine, sessions }: Props) {
  const [mode, setMode] = useState<Mode>('free');
  const medians = useMemo(() => sessions.map((s) => s.pitchHz), [sessions]);
  return (
    <>
      <div className={styles.modes} role="group" aria-label="how to practise">
        <ModeButton current={mode} mode="free" onPick={setMode}>
          free recording
        </ModeButton>
        <ModeButton current={mode} mode="match" onPick={setMode}>
          match the note
        </ModeButton>
      </div>
      {mode === 'free' ? (
        free
      ) : (
        <section className={styles.card} aria-labelledby="match-title">
          <h2 id="match-title" className={styles.cardTitle}>
            match the note
          </h2>
          <Suspense fallback={<StateMessage kind="loading" title="loading the exercises…" />}>
            <MatchTheNote startEngine={startEngine} pitchMedians={medians} />
          </Suspense>
        </section>
      )}
    </>
  );
}

function ModeButton({
  current,
  mode,
  onPick,
  children,
}: {
  current: Mode;
  mode: Mode;
  onPick: (m: Mode) => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`${styles.modeButton} ${current === mode ? styles.modeSelected : ''}`}
      aria-pressed={current === mode}
      onClick={() => onPick(mode)}
    >
      {children}
    </button>
  );
}
