import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { tierFeature } from '../../domain/tier-features';
import {
  findVocalExercise,
  VOCAL_EXERCISES,
  type VocalExercise,
} from '../../domain/pitch-target/vocal-exercises';
import { BackHeader } from '../../ui/BackHeader';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import growth from '../growth/Growth.module.css';
import { formatDay } from '../growth/growth-text';
import { usePitchResults, type StoredPitchResult } from '../pitch-match/pitch-api';
import { FeatureGate } from '../tier-features/FeatureGate';
import type { StartEngine } from '../tuning/engine-types';
import { startVoiceEngineLazy } from '../tuning/lazy-engine';
import { useAccountHistory } from '../tuning/useAccountHistory';
import styles from './VocalExercises.module.css';

// Match the note itself (scorer, trace, tone): fetched when an exercise is started.
const MatchTheNote = lazy(() =>
  import('../pitch-match/MatchTheNote').then((m) => ({ default: m.MatchTheNote })),
);

const seconds = (e: VocalExercise) => Math.round(e.steps.reduce((a, st) => a + st.seconds, 0));

/**
 * /vocal-exercises (tier feature `vocal_exercises`, level 4): the library of warm-ups and
 * technique exercises, each with what it is for, how to do it, its length and the last score;
 * "start" sings it with match the note (placed in the member's range, scored note by note,
 * saved as a take whose minutes the ledger counts). `?exercise=<id>` opens one: technique
 * feedback links there. docs/features/vocal-exercises-and-technique.md.
 */
export function VocalExercisesScreen({ startEngine = startVoiceEngineLazy }: { startEngine?: StartEngine }) {
  return (
    <section className={growth.screen} aria-label="vocal exercises">
      <BackHeader to="/profile" backLabel="back to profile" title="vocal exercises" />
      <FeatureGate feature="vocal_exercises">
        <VocalExercisesContent startEngine={startEngine} />
      </FeatureGate>
    </section>
  );
}

function VocalExercisesContent({ startEngine }: { startEngine: StartEngine }) {
  const [params, setParams] = useSearchParams();
  const results = usePitchResults();
  const open = findVocalExercise(params.get('exercise') ?? '');
  const last = useMemo(() => lastTakes(results.data ?? []), [results.data]);
  const start = (id: string) => setParams({ exercise: id });
  if (open) return <Runner exercise={open} startEngine={startEngine} onBack={() => setParams({})} />;
  return (
    <>
      <p className={styles.intro}>
        {tierFeature('vocal_exercises').summary} Each one is placed in your range; its minutes count as
        practice.
      </p>
      {results.isError && (
        <p className={growth.muted} role="status">
          Your last scores could not be loaded just now; the exercises work without them.
        </p>
      )}
      <ul className={styles.list} aria-label="exercises" data-testid="vocal-exercises">
        {VOCAL_EXERCISES.map((e) => (
          <li key={e.id} className={styles.exercise} data-testid={`exercise-${e.id}`}>
            <h2>{e.title.toLowerCase()}</h2>
            <p>{e.purpose}</p>
            <ol className={styles.steps} aria-label={`how to do ${e.title}`}>
              {e.how.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <p className={styles.meta}>
              <span>{seconds(e)} seconds a take</span>
              <LastScore
                take={last.get(e.id)}
                loading={results.isPending && results.fetchStatus !== 'idle'}
              />
            </p>
            <Button className={styles.start} onClick={() => start(e.id)} aria-label={`start ${e.title}`}>
              start
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

function LastScore({ take, loading }: { take: StoredPitchResult | undefined; loading: boolean }) {
  if (loading) return <span>last score: loading…</span>;
  if (!take) return <span>not sung yet</span>;
  return (
    <span data-testid="last-score">
      last score {take.score} of 100, {formatDay(take.recordedAt)}
    </span>
  );
}

/** The newest take of each exercise (the list comes newest first). */
function lastTakes(results: readonly StoredPitchResult[]): Map<string, StoredPitchResult> {
  const map = new Map<string, StoredPitchResult>();
  for (const r of results) if (!map.has(r.exerciseId)) map.set(r.exerciseId, r);
  return map;
}

function Runner({
  exercise,
  startEngine,
  onBack,
}: {
  exercise: VocalExercise;
  startEngine: StartEngine;
  onBack: () => void;
}) {
  const history = useAccountHistory();
  const medians = useMemo(() => history.sessions.map((s) => s.pitchHz), [history.sessions]);
  const heading = useRef<HTMLHeadingElement>(null);
  // Started from a list or a link: keyboard and screen-reader users land on what opened.
  useEffect(() => heading.current?.focus(), [exercise.id]);
  return (
    <div className={styles.exercise} data-testid="exercise-runner">
      <Button variant="ghost" className={styles.start} onClick={onBack}>
        all exercises
      </Button>
      <h2 ref={heading} tabIndex={-1}>
        {exercise.title.toLowerCase()}
      </h2>
      <p>{exercise.purpose}</p>
      <ol className={styles.steps} aria-label={`how to do ${exercise.title}`}>
        {exercise.how.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Suspense fallback={<StateMessage kind="loading" title="loading the exercise…" />}>
        <MatchTheNote startEngine={startEngine} pitchMedians={medians} exerciseId={exercise.id} untitled />
      </Suspense>
    </div>
  );
}
