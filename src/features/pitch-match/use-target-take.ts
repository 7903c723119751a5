// One take of a pitch-matching exercise: hear the target, sing it with the live trace, get the
// per-note result. The microphone is the tuning room's engine (the worklet's frames as they
// arrive); the target plays on the device, never while the microphone listens unless the member
// said they wear headphones (the speaker would otherwise sing the target into the microphone).
import { useCallback, useEffect, useRef, useState } from 'react';
import { playTarget, prepareTarget, type TargetPlayback } from '../../audio/targetPlayer';
import { scoreTake } from '../../domain/pitch-target/score';
import { targetSeconds } from '../../domain/pitch-target/notes';
import type { ExerciseResult, TargetNote } from '../../domain/pitch-target/types';
import { heardIn, NOT_HEARD, NOT_HEARD_LIVE, type Heard } from '../../domain/voice';
import { createSummaryAccumulator, type SummaryAccumulator } from '../tuning/recording-summary';
import type { EngineSession, PitchRangeHz, StartEngine } from '../tuning/engine-types';
import { classifyStartError, headline, type RecorderError } from '../tuning/errors';
import { addFrame, createTakeBuffer, framesOf, LEAD_IN_SEC, type TakeBuffer } from './take-buffer';

export type TakePhase = 'ready' | 'hearing' | 'starting' | 'singing' | 'done';

/** Frames between two "is it a voice so far?" checks (about ten a second). */
const JUDGE_EVERY = 10;

export interface TargetTake {
  phase: TakePhase;
  /** The frames of the take in progress (or the last one), for the live trace. */
  buffer: TakeBuffer;
  result: ExerciseResult | null;
  /**
   * While singing: what the take sounds like so far by the feedback table's verdicts ("is it a
   * voice?"), in words when it is not one; empty otherwise.
   */
  heardSoFar: string;
  /** After a take that was not a voice (a tone, noise): the table's words; nothing is scored. */
  notVoice: string | null;
  /** The microphone or engine failure, in the tuning room's words. */
  error: string | null;
  /** Plays the target (refused while singing without headphones). */
  hear: () => void;
  sing: () => void;
  /** Ends the take now; what was sung is scored (the rest counts as not held). */
  stop: () => void;
  reset: () => void;
}

interface Options {
  notes: readonly TargetNote[];
  startEngine: StartEngine;
  headphones: boolean;
  pitchRange?: PitchRangeHz | null;
  micErrorText: string;
  /** Called before the microphone opens (the template player turns its own meter off). */
  beforeSinging?: () => void;
  onResult?: (result: ExerciseResult) => void;
  /** For tests: how the target is played now, and prepared to play along with a take. */
  play?: typeof playTarget;
  prepare?: typeof prepareTarget;
}

export function useTargetTake({
  notes,
  startEngine,
  headphones,
  pitchRange = null,
  micErrorText,
  beforeSinging,
  onResult,
  play = playTarget,
  prepare = prepareTarget,
}: Options): TargetTake {
  const [phase, setPhase] = useState<TakePhase>('ready');
  const [result, setResult] = useState<ExerciseResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [heard, setHeard] = useState<Heard>('nothing');
  const [notVoice, setNotVoice] = useState<string | null>(null);
  // The tuning room's accumulator: the take is judged a voice or not by the same rule.
  const acc = useRef<SummaryAccumulator | null>(null);
  const [buffer, setBuffer] = useState(() => createTakeBuffer(targetSeconds(notes)));
  const session = useRef<EngineSession | null>(null);
  const playback = useRef<TargetPlayback | null>(null);
  const alive = useRef(true);
  const finishing = useRef(false);
  const latest = useRef({ notes, headphones, beforeSinging, onResult, pitchRange });
  latest.current = { notes, headphones, beforeSinging, onResult, pitchRange };

  const silence = useCallback(() => {
    playback.current?.stop();
    playback.current = null;
  }, []);

  const finish = useCallback(
    async (score: boolean, buf: TakeBuffer) => {
      if (finishing.current) return;
      finishing.current = true;
      silence();
      const running = session.current;
      session.current = null;
      if (running)
        await running.stop().catch((e: unknown) => console.warn('the microphone did not stop cleanly', e));
      finishing.current = false;
      if (!alive.current) return;
      if (!score || buf.count === 0) {
        setPhase('ready');
        return;
      }
      // Not a voice (a tone, noise): said in the table's words, and nothing is scored or kept.
      // A take with too little sound is scored as usual (its notes read "not sung").
      const verdict = acc.current ? heardIn(acc.current.measurements()) : 'voice';
      setHeard(verdict);
      if (verdict === 'tone' || verdict === 'noise') {
        setNotVoice(NOT_HEARD[verdict]);
        setPhase('done');
        return;
      }
      const scored = scoreTake(latest.current.notes, framesOf(buf));
      setResult(scored);
      setPhase('done');
      latest.current.onResult?.(scored);
    },
    [silence],
  );

  // A new target (another exercise, another octave) starts afresh.
  useEffect(() => {
    setBuffer(createTakeBuffer(targetSeconds(notes)));
    setResult(null);
    setNotVoice(null);
    setPhase('ready');
  }, [notes]);

  const hear = useCallback(() => {
    if (session.current && !latest.current.headphones) return;
    silence();
    setError(null);
    const p = play(latest.current.notes);
    playback.current = p;
    setPhase((s) => (s === 'singing' || s === 'starting' ? s : 'hearing'));
    void p.ended.then(() => {
      if (playback.current !== p) return;
      playback.current = null;
      if (alive.current) setPhase((s) => (s === 'hearing' ? (result ? 'done' : 'ready') : s));
    });
  }, [play, silence, result]);

  const sing = useCallback(() => {
    if (session.current || finishing.current) return;
    // Never the speaker into the open microphone: the target stops before listening starts.
    silence();
    latest.current.beforeSinging?.();
    setError(null);
    setResult(null);
    setNotVoice(null);
    setHeard('nothing');
    const judge = createSummaryAccumulator();
    acc.current = judge;
    const buf = createTakeBuffer(targetSeconds(latest.current.notes));
    setBuffer(buf);
    setPhase('starting');
    // With headphones the target plays along. Prepared in this tap (iOS lets only a context
    // made in a gesture sound), started on the audio clock when the take's lead-in begins.
    const along = latest.current.headphones ? prepare(latest.current.notes) : null;
    playback.current = along;
    startEngine({
      pitchRange: latest.current.pitchRange,
      onFrame(frame) {
        // The target's first bar is a lead-in after the first frame: so is the tone's first note.
        if (buf.count === 0) along?.start(LEAD_IN_SEC);
        judge.add(frame);
        // Asked a few times a second (it takes medians), and rendered only when it changes.
        if (buf.count % JUDGE_EVERY === 0) setHeard(heardIn(judge.measurements()));
        if (addFrame(buf, frame.t, frame.f0)) void finish(true, buf);
      },
      onError(e) {
        console.warn('pitch take failed', e);
        void finish(false, buf).then(() => {
          if (alive.current) setError(headline({ kind: 'processor', hint: null }, micErrorText));
        });
      },
    }).then(
      (s) => {
        if (!alive.current) return void s.stop();
        session.current = s;
        setPhase('singing');
      },
      (e: unknown) => {
        console.warn('could not start the microphone', e);
        const err: RecorderError = classifyStartError(e);
        if (alive.current) {
          setError([headline(err, micErrorText), err.hint].filter(Boolean).join(' '));
          setPhase('ready');
        }
      },
    );
  }, [finish, micErrorText, prepare, silence, startEngine]);

  const stop = useCallback(() => void finish(true, buffer), [finish, buffer]);
  const reset = useCallback(() => {
    setResult(null);
    setNotVoice(null);
    setPhase('ready');
  }, []);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      silence();
      const running = session.current;
      session.current = null;
      if (running) void running.stop().catch(() => undefined);
    };
  }, [silence]);

  const heardSoFar =
    (phase === 'singing' || phase === 'starting') && (heard === 'tone' || heard === 'noise')
      ? NOT_HEARD_LIVE[heard]
      : '';
  return { phase, buffer, result, heardSoFar, notVoice, error, hear, sing, stop, reset };
}
