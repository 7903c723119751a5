import { describe, expect, it } from 'vitest';
import { SKILL_LEVELS } from '../skill-levels';
import {
  comfortableRange,
  DEFAULT_VOICE_RANGE,
  findExercise,
  PITCH_EXERCISES,
  placeInRange,
  type PitchExercise,
} from './exercises';
import { centsBetween, formatTarget, parseTarget } from './notes';

const FOCUSES = ['find', 'free', 'fine-tune', 'fun'] as const;
const bass = { lowHz: 82, highHz: 262 };
const soprano = { lowHz: 262, highHz: 880 };

describe('seeded exercises', () => {
  it('holds at least 20, with unique ids, across the four focuses, the four levels and every kind', () => {
    expect(PITCH_EXERCISES.length).toBeGreaterThanOrEqual(20);
    expect(new Set(PITCH_EXERCISES.map((e) => e.id)).size).toBe(PITCH_EXERCISES.length);
    for (const focus of FOCUSES)
      expect(PITCH_EXERCISES.filter((e) => e.focus === focus).length).toBeGreaterThanOrEqual(4);
    for (const level of SKILL_LEVELS) expect(PITCH_EXERCISES.some((e) => e.level === level)).toBe(true);
    for (const kind of ['held', 'interval', 'scale', 'arpeggio', 'siren', 'tune']) {
      expect(PITCH_EXERCISES.some((e) => e.kind === kind)).toBe(true);
    }
    for (const e of PITCH_EXERCISES.filter((x) => x.kind === 'scale')) {
      const notes = e.steps.filter((st) => st.semitones !== null).length;
      expect(notes).toBeGreaterThanOrEqual(3);
      expect(notes).toBeLessThanOrEqual(5);
    }
  });

  it.each(PITCH_EXERCISES.map((e) => [e.id, e] as [string, PitchExercise]))(
    '%s places as a valid target in a bass, a soprano and the default range, an octave either way',
    (_id, exercise) => {
      for (const range of [bass, soprano, DEFAULT_VOICE_RANGE]) {
        for (const shift of [-12, 0, 12] as const) {
          const placed = placeInRange(exercise, range, shift);
          // what the app sends and the command reads back is the same target
          expect(parseTarget(formatTarget(placed))).toEqual(
            placed.map((n) => ({ ...n, hz: n.hz && expect.closeTo(n.hz, 6) })),
          );
        }
      }
    },
  );
});

describe('placeInRange', () => {
  const scale = findExercise('tune-five-note-scale') as PitchExercise;

  it("centres the exercise in the member's range on an equal-tempered tonic", () => {
    const placed = placeInRange(scale, { lowHz: 196, highHz: 392 });
    expect(placed.map((n) => n.name)).toEqual(['A#3', 'C4', 'D4', 'D#4', 'F4']);
    const low = placed[0]?.hz ?? 0;
    const high = placed[4]?.hz ?? 0;
    // equal room below and above (within a semitone of rounding)
    expect(Math.abs(centsBetween(low, 196) - centsBetween(392, high))).toBeLessThanOrEqual(100);
  });

  it('moves the exercise an octave down or up on request', () => {
    const mid = placeInRange(scale, soprano);
    const down = placeInRange(scale, soprano, -12);
    const up = placeInRange(scale, soprano, 12);
    expect(centsBetween(mid[0]?.hz ?? 0, down[0]?.hz ?? 1)).toBeCloseTo(1200, 6);
    expect(centsBetween(up[0]?.hz ?? 0, mid[0]?.hz ?? 1)).toBeCloseTo(1200, 6);
  });

  it('keeps rests and glides where the exercise has them', () => {
    const jacques = placeInRange(findExercise('fun-frere-jacques') as PitchExercise, bass);
    expect(jacques[4]).toEqual({ name: '-', hz: null, seconds: 0.5, glide: false });
    const siren = placeInRange(findExercise('free-octave-siren') as PitchExercise, bass);
    expect(siren.map((n) => n.glide)).toEqual([true, true, false]);
  });

  it('stays inside 50-1500 Hz even for a range at the edge', () => {
    const placed = placeInRange(scale, { lowHz: 50, highHz: 55 }, -12);
    for (const n of placed) expect(n.hz).toBeGreaterThanOrEqual(50);
  });
});

describe('comfortableRange', () => {
  it('needs three recordings with a pitch, like the worklet range', () => {
    expect(comfortableRange([110, null, 120])).toBeNull();
  });

  it('runs from 2 semitones under the lowest median to 10 above the highest', () => {
    const range = comfortableRange([110, 120, 130, undefined]);
    expect(range?.lowHz).toBeCloseTo(110 * 2 ** (-2 / 12), 6);
    expect(range?.highHz).toBeCloseTo(130 * 2 ** (10 / 12), 6);
  });
});
