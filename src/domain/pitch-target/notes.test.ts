import { describe, expect, it } from 'vitest';
import {
  centsBetween,
  formatTarget,
  hzToNoteName,
  noteTimes,
  noteToHz,
  parseTarget,
  TargetError,
  targetHzAt,
} from './notes';

describe('note arithmetic', () => {
  it('names and frequencies agree with A4 = 440 Hz equal temperament', () => {
    expect(noteToHz('A4')).toBe(440);
    expect(noteToHz('A3')).toBe(220);
    expect(noteToHz('C4')).toBeCloseTo(261.63, 2);
    expect(noteToHz('C#4')).toBeCloseTo(277.18, 2);
    expect(noteToHz('Db4')).toBeCloseTo(277.18, 2);
    expect(noteToHz('B♭3')).toBeCloseTo(233.08, 2);
    expect(hzToNoteName(220)).toBe('A3');
    expect(hzToNoteName(277.18)).toBe('C#4');
    expect(hzToNoteName(226)).toBe('A3'); // 46 cents sharp still rounds to A3
    expect(hzToNoteName(65.41)).toBe('C2');
    expect(() => noteToHz('H3')).toThrow(TargetError);
  });

  it('measures cents up from the reference', () => {
    expect(centsBetween(440, 220)).toBeCloseTo(1200, 9);
    expect(centsBetween(220, 220 * 2 ** (1 / 12))).toBeCloseTo(-100, 9);
  });
});

describe('parseTarget', () => {
  it('reads note names, Hz, rests and glides', () => {
    const notes = parseTarget(' A3:1, C#4:1 ,-:0.5,E4:1.5~,220Hz:1 ');
    expect(notes.map((n) => [n.name, n.seconds, n.glide])).toEqual([
      ['A3', 1, false],
      ['C#4', 1, false],
      ['-', 0.5, false],
      ['E4', 1.5, true],
      ['220', 1, false],
    ]);
    expect(notes[2]?.hz).toBeNull();
    expect(notes[4]?.hz).toBe(220);
    expect(formatTarget(notes)).toBe('A3:1,C#4:1,-:0.5,E4:1.5~,220:1');
  });

  it.each([
    ['', /empty/],
    ['A3:1,,C4:1', /note 2 is empty/],
    ['A3', /PITCH:SECONDS/],
    ['A3:x', /not a duration/],
    ['A3:0', /more than 0/],
    ['A3:-1', /not a duration/],
    ['H3:1', /not a pitch/],
    ['C8:1', /C8 is 4186.0 Hz, outside the 50-1500 Hz/],
    ['40:1', /outside the 50-1500 Hz/],
    ['A0:1', /outside the 50-1500 Hz/],
    ['A3:1~', /no next note/],
    ['A3:1~,-:1', /glide into a rest/],
    ['-:1~,A3:1', /rest cannot glide/],
  ])('rejects %j with a clear message', (text, message) => {
    expect(() => parseTarget(text)).toThrow(TargetError);
    expect(() => parseTarget(text)).toThrow(message);
  });

  it('lays the notes end to end and draws glides evenly in cents', () => {
    const notes = parseTarget('A3:1~,A4:2,-:0.5,E4:1');
    expect(noteTimes(notes)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 3 },
      { start: 3, end: 3.5 },
      { start: 3.5, end: 4.5 },
    ]);
    expect(targetHzAt(notes, 0, 0.5)).toBeCloseTo(220 * Math.SQRT2, 6); // half an octave up
    expect(targetHzAt(notes, 1, 1)).toBe(440);
    expect(targetHzAt(notes, 2, 0.1)).toBeNull();
  });
});
