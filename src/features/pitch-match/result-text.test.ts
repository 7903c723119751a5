import { describe, expect, it } from 'vitest';
import { arrivalText, centsText, heldText, noteOf, scoreWords } from './result-text';

describe('a take’s result in words', () => {
  it('says how far off a note was, which way, and in cents', () => {
    expect(centsText(0.3)).toBe('on the note (0 cents)');
    expect(centsText(-0.4)).toBe('on the note (0 cents)');
    expect(centsText(12.4)).toBe('12 cents sharp');
    expect(centsText(-1)).toBe('1 cent flat');
    expect(centsText(null)).toBe('not sung');
  });

  it('says how long the note was held in tune and when the voice arrived', () => {
    expect(heldText(0.904)).toBe('held in tune 90% of the note');
    expect(heldText(null)).toBe('held in tune 0% of the note');
    expect(arrivalText(183.6)).toBe('arrived after 184 ms');
    expect(arrivalText(null)).toBe('did not reach the note');
  });

  it('names the note of a result, a glide’s too, and a rest as a rest', () => {
    expect(noteOf('A3:1')).toBe('A3');
    expect(noteOf('C#4:0.5~')).toBe('C#4');
    expect(noteOf('-:0.5')).toBe('rest');
  });

  it('puts the score into words at each band', () => {
    expect([100, 90, 89, 75, 74, 50, 49, 25, 24, 0].map(scoreWords)).toEqual([
      'Excellent: right on target',
      'Excellent: right on target',
      'Well matched',
      'Well matched',
      'Getting close',
      'Getting close',
      'Some notes found',
      'Some notes found',
      'Keep listening and try again',
      'Keep listening and try again',
    ]);
  });
});
