import type { AssessmentErrorCode, AssessmentResult } from '../../../dsp/assessment-types';
import type { AnalysisOutcome } from './analysis-outcome';
import type { Take } from './record-take';
import { PROBLEM_TEXT, type TakeCheck, type TakeKind } from './take-quality';

/** What the guided check has recorded so far (kept across a retry of another step). */
export interface Takes {
  vowel?: Take;
  sentence?: Take;
  /** Seconds of the breath task; null when the member skipped it. */
  mptSeconds?: number | null;
}

export type CheckState =
  /** Before the first step: only ever the reducer's starting point ('begin' leaves it at once). */
  | { screen: 'intro' }
  | { screen: 'step'; step: TakeKind; phase: 'ready' | 'recording'; problem: string | null; takes: Takes }
  | { screen: 'analysing'; takes: Takes }
  | { screen: 'result'; result: AssessmentResult; mptSeconds: number | null; recordedAt: string }
  | { screen: 'failed'; message: string };

export type CheckEvent =
  | { type: 'begin' }
  | { type: 'record' }
  | { type: 'taken'; take: Take; check: TakeCheck }
  | { type: 'take-failed'; message: string }
  | { type: 'skip-breath' }
  | { type: 'analysed'; outcome: AnalysisOutcome; at: string }
  | { type: 'crashed'; message: string };

export const STEP_NUMBER: Record<TakeKind, number> = { vowel: 1, sentence: 2, breath: 3 };

/** Which take an engine refusal is about: that step is asked again, with the engine's words. */
const RETAKE: Record<AssessmentErrorCode, TakeKind> = {
  'vowel-too-short': 'vowel',
  'no-voiced-speech': 'sentence',
  // Silence or noise in the pair, or a rate the engine cannot use: both takes again.
  silent: 'vowel',
  'not-a-voice': 'vowel',
  'bad-rate': 'vowel',
};

const step = (s: TakeKind, takes: Takes, problem: string | null = null): CheckState => ({
  screen: 'step',
  step: s,
  phase: 'ready',
  problem,
  takes,
});

export function checkReducer(state: CheckState, event: CheckEvent): CheckState {
  switch (event.type) {
    case 'begin':
      return step('vowel', {});
    case 'record':
      return state.screen === 'step' && state.phase === 'ready'
        ? { ...state, phase: 'recording', problem: null }
        : state;
    case 'take-failed':
      return state.screen === 'step' ? { ...state, phase: 'ready', problem: event.message } : state;
    case 'taken': {
      if (state.screen !== 'step' || state.phase !== 'recording') return state;
      if (event.check.problem)
        return step(state.step, state.takes, PROBLEM_TEXT[event.check.problem][state.step]);
      const takes: Takes =
        state.step === 'breath'
          ? { ...state.takes, mptSeconds: event.check.heldSeconds }
          : { ...state.takes, [state.step]: event.take };
      const next = nextMissing(takes);
      return next ? step(next, takes) : { screen: 'analysing', takes };
    }
    case 'skip-breath':
      return state.screen === 'step' && state.step === 'breath' && state.phase === 'ready'
        ? { screen: 'analysing', takes: { ...state.takes, mptSeconds: null } }
        : state;
    case 'analysed': {
      if (state.screen !== 'analysing') return state;
      const { outcome } = event;
      if (outcome.ok)
        return {
          screen: 'result',
          result: outcome.result,
          mptSeconds: state.takes.mptSeconds ?? null,
          recordedAt: event.at,
        };
      const again = RETAKE[outcome.code];
      // The other take stays: only the one the engine refused is asked again.
      const takes: Takes =
        outcome.code === 'vowel-too-short' || outcome.code === 'no-voiced-speech'
          ? { ...state.takes, [again]: undefined }
          : { mptSeconds: state.takes.mptSeconds };
      return step(again, takes, outcome.message);
    }
    case 'crashed':
      return { screen: 'failed', message: event.message };
  }
}

/** After a retake, the steps already done are not repeated: the first step still missing. */
export function nextMissing(takes: Takes): TakeKind | null {
  if (!takes.vowel) return 'vowel';
  if (!takes.sentence) return 'sentence';
  if (takes.mptSeconds === undefined) return 'breath';
  return null;
}
