import { describe, expect, it } from 'vitest';
import { CLOSE_FULL_CENTS, SCORE_TOLERANCE_CENTS } from './score';
import type { NoteResult } from './types';
import { centsInWords, noteResultInWords, offInWords, SEMITONE_CENTS, takeInWords } from './words';

const note = (centsOff: number | null, target = 'A3:1'): NoteResult => ({
  target,
  centsOff,
  heldFraction: 0.9,
  onsetMs: 100,
});

describe('results in words', () => {
  it('says cents as flat or sharp, whole cents', () => {
    expect(centsInWords(-12.4)).toBe('12 cents flat');
    expect(centsInWords(0.6)).toBe('1 cent sharp');
    expect(centsInWords(0.3)).toBe('on the note');
    expect(centsInWords(null)).toBe('not sung');
  });

  it('gives every note one sentence with its numbers', () => {
    expect(noteResultInWords({ target: 'A3:1', centsOff: -12.4, heldFraction: 0.85, onsetMs: 210 })).toBe(
      'A3: 12 cents flat, in tune for 85 % of the note, arrived after 0.21 s.',
    );
    expect(noteResultInWords({ target: 'C#4:1.5~', centsOff: 70, heldFraction: 0, onsetMs: null })).toBe(
      'C#4 (glide): 70 cents sharp, in tune for 0 % of the note, never settled within 50 cents.',
    );
    expect(noteResultInWords({ target: 'E4:1', centsOff: null, heldFraction: 0, onsetMs: null })).toBe(
      'E4: not sung.',
    );
    expect(noteResultInWords({ target: '-:0.5', centsOff: null, heldFraction: null, onsetMs: null })).toBe(
      'Rest, 0.5 s.',
    );
  });
});

describe('a note and a take in plain words, before any number (issue 31)', () => {
  it('says each distance on both sides of every threshold, flat and sharp', () => {
    expect(CLOSE_FULL_CENTS).toBe(10);
    expect(SCORE_TOLERANCE_CENTS).toBe(50);
    expect(SEMITONE_CENTS).toBe(100);
    const cases: [number, string][] = [
      [0, 'right on the note'],
      [10, 'right on the note'],
      [10.1, 'a little sharp'],
      [-10, 'right on the note'],
      [-10.1, 'a little flat'],
      [50, 'a little sharp'],
      [-50, 'a little flat'],
      [50.1, 'sharp, nearer the note above'],
      [-50.1, 'flat, nearer the note below'],
      [100, 'sharp, nearer the note above'],
      [-100, 'flat, nearer the note below'],
      [100.1, 'well above the note'],
      [-398, 'well below the note'],
    ];
    for (const [cents, words] of cases) expect([cents, offInWords(cents)]).toEqual([cents, words]);
    expect(offInWords(null)).toBe('not sung');
  });

  it('sums up a take by counting its notes, never by a mean of them', () => {
    expect(takeInWords([note(3)])).toBe('Right on the note.');
    expect(takeInWords([note(-30)])).toBe('A little flat.');
    expect(takeInWords([note(2), note(-4), note(9)])).toBe('All 3 notes right on the note.');
    // The takes: 2 and 398 cents are one note on it and one well above, not "200 off".
    expect(takeInWords([note(2), note(398)])).toBe('1 of 2 notes right on the note; 1 well above the note.');
    expect(takeInWords([note(2), note(-20), note(-30), note(null), note(null, '-:0.5')])).toBe(
      '1 of 4 notes right on the note; 2 a little flat, 1 not sung.',
    );
    expect(takeInWords([note(null, '-:0.5')])).toBe('There was no note to sing.');
  });
});
