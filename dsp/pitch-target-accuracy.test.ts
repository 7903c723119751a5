// Issue 22's accuracy goals for pitch-matching scores, on synthesised sung takes with known
// errors (dsp/eval/pitch-target.ts): cents off within 3 cents (10 with vibrato) and held share
// within 0.05 on every take, and ours at least as close as the same scoring built on pitchy.
// A row's figure is the engine's, not one random draw's: each condition is sung TEST_TAKES
// times and the rows compare the mean over the takes of the worst note's |error|, with no tie.
// Where the two engines are equally close (steady notes), the takes cannot order them: the
// test says so rather than hiding it behind a fixed tie (docs/pitch-matching.md, "Accuracy").
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildTake,
  CONDITIONS,
  compareRow,
  evaluateRetakes,
  GOAL_CENTS,
  GOAL_HELD,
  oursFrames,
  pitchyFrames,
  RESOLVE_SE,
  RETAKES,
  TAKE_RATE,
  type Comparison,
  type RetakeRow,
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
import { scaledTimeout } from '../scripts/lib/machine-speed.mjs';

/** Takes per condition, as the bench: about 40 ms of CPU each, computed once for the file. */
const TEST_TAKES = RETAKES;

/** Rows where the voice moves (glide, note changes, vibrato): ours must be closer outright. */
const MOVING = [
  'scale A3 C#4 E4, -10/+20/-35 c',
  'siren A3~A4, 15 c sharp along the line',
  'vibrato ±40 c at 5.5 Hz, centred',
  'vibrato ±50 c at 5.5 Hz, 10 c flat',
  'vibrato ±50 c at 6 Hz, 20 c sharp',
  'vibrato ±50 c at 5 Hz, 30 c flat, breath noise',
];
/**
 * A steady note in breath noise: pitchy's 85 ms window reads each frame more precisely than our
 * 30 ms one, and ours was a tenth of a cent behind here while the reported period came from
 * YIN's three-point vertex, which the noise made lean flat (its curvature, from three lags
 * alone, scattered). The period is now refined on the difference function smoothed over lags
 * (dsp/assembly/refine.ts), and ours must be at least as close outright.
 */
const BREATH = 'breath noise 12 dB below, 10 c flat';

let rows: RetakeRow[] = [];
const row = (label: string) => rows.find((r) => r.condition.label === label) as RetakeRow;
const say = (c: Comparison) =>
  `ours ${c.ours.toFixed(3)}, pitchy ${c.pitchy.toFixed(3)} (ours - pitchy ${c.diff.toFixed(3)} ± ${c.se.toFixed(3)})`;

beforeAll(async () => {
  rows = evaluateRetakes(await voiceModule(), TEST_TAKES);
}, scaledTimeout(300_000));

describe(`pitch-matching accuracy on synthesised sung takes, ${TEST_TAKES} takes a condition`, () => {
  it.each(CONDITIONS.map((c) => [c.label, c.kind] as const))(
    '%s: cents off and held share within the goals on every take',
    (label, kind) => {
      const r = row(label);
      expect(r.ours).toHaveLength(TEST_TAKES);
      r.ours.forEach((take, k) => {
        expect(take.cents.length, `take ${k}`).toBe(r.truth.length);
        for (const err of take.cents) expect(err, `take ${k}`).toBeLessThanOrEqual(GOAL_CENTS[kind]);
        for (const err of take.held) expect(err, `take ${k}`).toBeLessThanOrEqual(GOAL_HELD);
      });
    },
  );

  it.each(CONDITIONS.map((c) => [c.label] as const))(
    '%s: held share at least as close as pitchy over the takes, no tie',
    (label) => {
      const { held } = compareRow(row(label));
      expect(held.diff, say(held)).toBeLessThanOrEqual(0);
    },
  );

  it.each(MOVING.map((label) => [label] as const))(
    '%s: cents off at least as close as pitchy over the takes, no tie',
    (label) => {
      const { cents } = compareRow(row(label));
      expect(cents.diff, say(cents)).toBeLessThanOrEqual(0);
    },
  );

  it.each(
    CONDITIONS.filter((c) => !MOVING.includes(c.label) && c.label !== BREATH).map((c) => [c.label] as const),
  )(
    `%s: cents off at least as close as pitchy, or pitchy's lead under ${RESOLVE_SE} standard errors of the takes`,
    (label) => {
      const { cents } = compareRow(row(label));
      expect(cents.verdict, say(cents)).not.toBe('pitchy');
    },
  );

  it(`${BREATH}: cents off at least as close as pitchy over the takes, no tie`, () => {
    const { cents } = compareRow(row(BREATH));
    expect(cents.diff, say(cents)).toBeLessThanOrEqual(0);
  });

  it(`${BREATH}: the engine's frames scatter under 3 c and lean under 0.3 c`, async () => {
    // With the three-point vertex these frames scattered with an SD of 3.2 c and leaned 0.42 c
    // flat on average (median 0.16 c): in noise the vertex was sometimes thrown far, mostly
    // towards the longer lag. Smoothed over lags: SD 2.8 c, mean 0.22 c flat (pitchy's 0.28 c).
    const module = await voiceModule();
    const condition = row(BREATH).condition;
    const errors: number[] = [];
    for (let k = 0; k < TEST_TAKES; k++) {
      const take = buildTake(condition, k);
      const hz = (take.target[0]?.hz ?? 0) * 2 ** ((take.truth[0]?.centsOff ?? 0) / 1200);
      for (const f of oursFrames(module, take.samples, TAKE_RATE, analysisRangeFor(take.target)))
        if (f.f0 !== null && f.t > 0.2 && f.t < 1.3) errors.push(1200 * Math.log2(f.f0 / hz));
    }
    const lean = errors.reduce((sum, e) => sum + e, 0) / errors.length;
    const sd = Math.sqrt(errors.reduce((sum, e) => sum + (e - lean) ** 2, 0) / errors.length);
    expect(errors.length).toBeGreaterThan(TEST_TAKES * 100);
    expect(Math.abs(lean), `mean ${lean.toFixed(3)} c`).toBeLessThan(0.3);
    expect(sd, `SD ${sd.toFixed(2)} c`).toBeLessThan(3);
  });

  it('says how late a late entry was, and scores what a member would expect', () => {
    const late = row('late onset 400 ms, 5 c sharp');
    for (const take of late.ours) {
      expect(take.result.notes[0]?.onsetMs).toBeGreaterThanOrEqual(400);
      expect(take.result.notes[0]?.onsetMs).toBeLessThanOrEqual(440);
    }
    expect(row('steady A3, on pitch').ours[0]?.result.score).toBeGreaterThanOrEqual(95);
    expect(row('steady A3, 100 c flat').ours[0]?.result.score).toBe(0);
    expect(row('steady A3, 100 c flat').ours[0]?.result.notes[0]?.centsOff).toBeLessThan(-97);
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
