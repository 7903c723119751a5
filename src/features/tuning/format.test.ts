import { describe, expect, it } from 'vitest';
import { centsOff, formatElapsed, hzToSemitone, noteName, semitoneToHz } from './format';

describe('formatElapsed', () => {
  it('shows whole seconds as m:ss with a padded seconds field', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9)).toBe('0:09');
    expect(formatElapsed(59.99)).toBe('0:59');
    expect(formatElapsed(60)).toBe('1:00');
    expect(formatElapsed(725)).toBe('12:05');
  });

  it('shows 0:00 for negative or non-finite input rather than a broken timer', () => {
    expect(formatElapsed(-3)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});

describe('note names', () => {
  it('names A3 at 220 Hz, A4 at 440 Hz and middle C as C4', () => {
    expect(noteName(hzToSemitone(220))).toBe('A3');
    expect(noteName(hzToSemitone(440))).toBe('A4');
    expect(noteName(hzToSemitone(261.63))).toBe('C4');
  });

  it('rounds to the nearest semitone and names sharps', () => {
    expect(noteName(61)).toBe('C♯4');
    expect(noteName(60.49)).toBe('C4');
    expect(noteName(47)).toBe('B2');
  });

  it('converts between hertz and semitones both ways', () => {
    expect(semitoneToHz(57)).toBeCloseTo(220, 6);
    expect(hzToSemitone(semitoneToHz(50.3))).toBeCloseTo(50.3, 9);
  });

  it('reports how many cents a pitch sits off the nearest note', () => {
    expect(centsOff(57)).toBe(0);
    expect(centsOff(57.2)).toBe(20);
    expect(centsOff(56.7)).toBe(-30);
  });
});
