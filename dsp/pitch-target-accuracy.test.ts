// Issue 22's accuracy goals for pitch-matching scores, on synthesised sung takes with known
// errors (dsp/eval/pitch-target.ts): cents off within 3 cents (10 with vibrato), held share
// within 0.05, and ours at least as close as the same scoring built on pitchy, row by row: in
// held share outright, in cents within TIE_CENTS (half a cent: the spread of a jittery note's
// median, which falls either way with the take's random draw; dsp/eval/pitch-target.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONDITIONS,
  evaluatePitchTargets,
  GOAL_CENTS,
  GOAL_HELD,
  max,
  oursAtLeastAsClose,
  oursFrames,
  pitchyFrames,
  TAKE_RATE,
  type AccuracyRow,
} from './eval/pitch-target';
import { renderSungTake } from './eval/sung-take';
import {
  analysisRangeFor,
  DEFAULT_VOICE_RANGE,
  findExercise,
  parseTarget,
  placeInRange,
  renderTarget,
  scoreTake,
  type PitchExercise,
} from '../src/domain/pitch-target';
import { voiceModule } from './test-helpers';

let rows: AccuracyRow[] = [];
const row = (label: string) => rows.find((r) => r.condition.label === label) as AccuracyRow;

beforeAll(async () => {
  rows = evaluatePitchTargets(await voiceModule());
}, 120_000);

describe('pitch-matching accuracy on synthesised sung takes', () => {
  it.each(CONDITIONS.map((c) => [c.label, c.kind] as const))(
    '%s: cents off and held share within the goals',
    (label, kind) => {
      const r = row(label);
      expect(r.ours.cents.length).toBe(r.truth.length);
      for (const err of r.ours.cents) expect(err).toBeLessThanOrEqual(GOAL_CENTS[kind]);
      for (const err of r.ours.held) expect(err).toBeLessThanOrEqual(GOAL_HELD);
    },
  );

  it.each(CONDITIONS.map((c) => [c.label] as const))('%s: ours at least as close as pitchy', (label) => {
    const r = row(label);
    expect(
      oursAtLeastAsClose(r),
      `ours ${max(r.ours.cents).toFixed(1)} c / ${max(r.ours.held).toFixed(2)}, pitchy ${max(r.pitchy.cents).toFixed(1)} c / ${max(r.pitchy.held).toFixed(2)}`,
    ).toBe(true);
  });

  it('says how late a late entry was, and scores what a member would expect', () => {
    const late = row('late onset 400 ms, 5 c sharp');
    expect(late.ours.result.notes[0]?.onsetMs).toBeGreaterThanOrEqual(400);
    expect(late.ours.result.notes[0]?.onsetMs).toBeLessThanOrEqual(440);
    expect(row('steady A3, on pitch').ours.result.score).toBeGreaterThanOrEqual(95);
    expect(row('steady A3, 100 c flat').ours.result.score).toBe(0);
    expect(row('steady A3, 100 c flat').ours.result.notes[0]?.centsOff).toBeLessThan(-97);
  });
});

describe('no sub-cent bias: steady voice-like notes without jitter or noise', () => {
  // Where a jittery row has pitchy a few tenths of a cent closer, it is the take's random draw,
  // not a bias of our engine: with the randomness taken out, both read the sung offset exactly.
  it.each([
    ['E2:1.5', -20, 'vowel-u'],
    ['A3:1.5', 15, 'vowel-a'],
    ['A3:1.5', 70, 'vowel-a'],
    ['D4:1.5', -10, 'vowel-a'],
    ['A5:1.5', 15, 'vowel-i'],
  ] as const)(
    '%s sung %i cents off (%s) reads within 0.15 c, as pitchy does',
    async (text, cents, source) => {
      const target = parseTarget(text);
      const hz = (target[0]?.hz ?? 0) * 2 ** (cents / 1200);
      const { samples } = renderSungTake([{ seconds: 1.5, hz, source }], TAKE_RATE, 1);
      const ours = scoreTake(
        target,
        oursFrames(await voiceModule(), samples, TAKE_RATE, analysisRangeFor(target)),
      );
      const pitchy = scoreTake(target, pitchyFrames(samples, TAKE_RATE));
      // Results are reported to 0.1 c.
      expect(Math.abs((ours.notes[0]?.centsOff ?? 99) - cents)).toBeLessThanOrEqual(0.15);
      expect(Math.abs((pitchy.notes[0]?.centsOff ?? 99) - cents)).toBeLessThanOrEqual(0.15);
    },
  );
});

describe('the target tone, heard by the engine', () => {
  it.each(['sine', 'piano'] as const)(
    'a placed exercise played in the %s timbre scores as sung exactly on every note',
    async (timbre) => {
      const target = placeInRange(findExercise('fun-twinkle') as PitchExercise, DEFAULT_VOICE_RANGE);
      const rate = 24000;
      const frames = oursFrames(
        await voiceModule(),
        renderTarget(target, rate, { timbre }),
        rate,
        analysisRangeFor(target),
      );
      const result = scoreTake(target, frames);
      for (const note of result.notes) {
        expect(Math.abs(note.centsOff ?? 99)).toBeLessThan(1);
        expect(note.heldFraction).toBeGreaterThanOrEqual(0.85);
      }
      expect(result.score).toBeGreaterThanOrEqual(95);
    },
  );
});
