import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICE_RANGE, PITCH_EXERCISES, placeInRange } from './exercises';
import { formatTarget, parseTarget, targetSeconds } from './notes';
import { exerciseFor, findAnyExercise, VOCAL_EXERCISES, type TechniqueArea } from './vocal-exercises';

const midi = (hz: number) => 69 + 12 * Math.log2(hz / 440);

describe('the vocal exercises library', () => {
  it('holds the warm-ups singers expect, each with what it is for and how to do it', () => {
    const titles = VOCAL_EXERCISES.map((e) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Humming on a five-note scale',
        'Lip trill siren',
        '"Ng" slides',
        'Octave arpeggio',
        'Sustained vowel',
        'Messa di voce',
      ]),
    );
    for (const e of VOCAL_EXERCISES) {
      expect(e.purpose.length, e.id).toBeGreaterThan(20);
      expect(e.how.length, e.id).toBeGreaterThanOrEqual(2);
      expect(e.trains.length, e.id).toBeGreaterThan(0);
    }
  });

  it('never shares an id with a tuning-room exercise, and every id is found', () => {
    const ids = new Set(PITCH_EXERCISES.map((e) => e.id));
    for (const e of VOCAL_EXERCISES) {
      expect(ids.has(e.id)).toBe(false);
      expect(findAnyExercise(e.id)).toBe(e);
    }
    expect(findAnyExercise('find-one-note')?.title).toBe('Find one note');
    expect(findAnyExercise('nope')).toBeUndefined();
  });

  it('places every exercise inside the member’s range as match the note does, as a valid target', () => {
    const range = { lowHz: 98, highHz: 294 }; // a low voice, G2-D4
    for (const e of VOCAL_EXERCISES) {
      const notes = placeInRange(e, range);
      const sung = notes.filter((n) => n.hz !== null).map((n) => midi(n.hz as number));
      expect(Math.min(...sung), e.id).toBeGreaterThanOrEqual(midi(range.lowHz) - 0.5);
      expect(Math.max(...sung), e.id).toBeLessThanOrEqual(midi(range.highHz) + 0.5);
      // The same notation the take is saved with parses back to the same notes.
      expect(parseTarget(formatTarget(notes))).toHaveLength(notes.length);
    }
  });

  it('moves the humming scale with the voice: a higher range, a higher tonic', () => {
    const hum = VOCAL_EXERCISES[0]!;
    const low = placeInRange(hum, { lowHz: 98, highHz: 294 });
    const high = placeInRange(hum, DEFAULT_VOICE_RANGE);
    // Centred in G2-D4: the scale runs from its tonic up a fifth and back to the tonic.
    const names = low.map((n) => n.name);
    expect(names[0]).toBe(names[8]);
    expect(midi(low[4]!.hz!) - midi(low[0]!.hz!)).toBeCloseTo(7);
    expect(midi(high[0]!.hz!)).toBeGreaterThan(midi(low[0]!.hz!));
    expect(targetSeconds(low)).toBeCloseTo(5.4);
  });

  it('has one exercise for every area the technique rules may name', () => {
    const areas: TechniqueArea[] = [
      'warm-up',
      'accuracy',
      'steadiness',
      'arrival',
      'leaps',
      'high',
      'low',
      'breath',
    ];
    for (const a of areas) expect(exerciseFor(a).trains).toContain(a);
    expect(exerciseFor('high').id).toBe('vx-lip-trill-siren');
    expect(exerciseFor('steadiness').id).toBe('vx-sustained-vowel');
  });
});
