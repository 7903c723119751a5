import { describe, expect, it } from 'vitest';
import { midiOf, noteName, octavesInWords, rangeChangeInWords, semitonesBetween } from './range';

describe('the voice range in words', () => {
  it('names notes in scientific pitch notation', () => {
    expect([noteName(60), noteName(69), noteName(43), noteName(73), noteName(21)]).toEqual([
      'C4',
      'A4',
      'G2',
      'C#5',
      'A0',
    ]);
    expect(midiOf(440)).toBe(69);
    expect(midiOf(98)).toBe(43);
  });

  it('measures a range in semitones to 0.1', () => {
    expect(semitonesBetween(98, 329.63)).toBe(21);
    expect(semitonesBetween(220, 440)).toBe(12);
  });

  it('says a range in octaves as a singer does', () => {
    expect(octavesInWords(21)).toBe('about an octave and three quarters');
    expect(octavesInWords(24)).toBe('about two octaves');
    expect(octavesInWords(12)).toBe('about an octave');
    expect(octavesInWords(6)).toBe('about half an octave');
    expect(octavesInWords(1)).toBe('less than a quarter of an octave');
  });

  it('says how a range changed', () => {
    expect(rangeChangeInWords(19, 21)).toBe('grew two semitones');
    expect(rangeChangeInWords(21, 20)).toBe('narrowed by one semitone');
    expect(rangeChangeInWords(20, 20.2)).toBe('stayed the same');
    expect(rangeChangeInWords(18, 21.5)).toBe('grew 3.5 semitones');
  });
});
