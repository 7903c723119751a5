import { describe, expect, it } from 'vitest';
import type { AssessmentResult } from '../../../dsp/assessment-types';
import { checkReducer, type CheckEvent, type CheckState } from './flow';
import { PROBLEM_TEXT } from './take-quality';

const take = { samples: new Float32Array(10), rate: 48000 };
const ok = (heldSeconds = 4) => ({ type: 'taken', take, check: { problem: null, heldSeconds } }) as const;
const result: AssessmentResult = {
  avqi: 1.8,
  cpps: 15,
  hnr: 22,
  shimmerPercent: 3,
  shimmerDb: 0.3,
  ltasSlope: -22,
  ltasTilt: -10,
  analysisMs: 40,
  engineVersion: 'test',
};
const run = (events: CheckEvent[], from: CheckState = { screen: 'intro' }) =>
  events.reduce(checkReducer, from);
const RECORD = { type: 'record' } as const;

describe('the guided check', () => {
  it('goes vowel, sentence, breath, then analyses with the breath task’s seconds', () => {
    const s = run([{ type: 'begin' }, RECORD, ok(), RECORD, ok(), RECORD, ok(17.4)]);
    expect(s.screen).toBe('analysing');
    const done = checkReducer(s, {
      type: 'analysed',
      outcome: { ok: true, result },
      at: '2026-11-26T21:00:00.000Z',
    });
    expect(done).toEqual({
      screen: 'result',
      result,
      mptSeconds: 17.4,
      recordedAt: '2026-11-26T21:00:00.000Z',
    });
  });

  it('asks for the same step again, in words, when a take was too short', () => {
    const s = run([
      { type: 'begin' },
      RECORD,
      { type: 'taken', take, check: { problem: 'too-short', heldSeconds: 1.2 } },
    ]);
    expect(s).toMatchObject({
      screen: 'step',
      step: 'vowel',
      phase: 'ready',
      problem: PROBLEM_TEXT['too-short'].vowel,
    });
  });

  it('lets the member skip the breath task, saving no maximum phonation time', () => {
    const s = run([{ type: 'begin' }, RECORD, ok(), RECORD, ok(), { type: 'skip-breath' }]);
    expect(s).toMatchObject({ screen: 'analysing', takes: { mptSeconds: null } });
  });

  it('sends the member back to the take the engine refused, keeping the others', () => {
    const analysing = run([{ type: 'begin' }, RECORD, ok(), RECORD, ok(), RECORD, ok(20)]);
    const refused = checkReducer(analysing, {
      type: 'analysed',
      outcome: { ok: false, code: 'no-voiced-speech', message: 'We heard no voiced speech.' },
      at: '',
    });
    expect(refused).toMatchObject({
      screen: 'step',
      step: 'sentence',
      problem: 'We heard no voiced speech.',
    });
    // Only the sentence again, then straight to the analysis.
    expect(run([RECORD, ok()], refused).screen).toBe('analysing');
  });

  it('starts over (keeping the breath task) when the engine heard no voice in the pair', () => {
    const analysing = run([{ type: 'begin' }, RECORD, ok(), RECORD, ok(), RECORD, ok(20)]);
    const refused = checkReducer(analysing, {
      type: 'analysed',
      outcome: { ok: false, code: 'not-a-voice', message: 'That did not sound like a voice.' },
      at: '',
    });
    expect(refused).toMatchObject({ screen: 'step', step: 'vowel', takes: { mptSeconds: 20 } });
  });

  it('shows a microphone failure on the step, ready to record again', () => {
    const s = run([
      { type: 'begin' },
      RECORD,
      { type: 'take-failed', message: 'Microphone access was not allowed.' },
    ]);
    expect(s).toMatchObject({
      screen: 'step',
      phase: 'ready',
      problem: 'Microphone access was not allowed.',
    });
  });
});
