import { describe, expect, it } from 'vitest';
import { centsInWords, noteResultInWords } from './words';

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
