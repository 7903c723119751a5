// The voice range in words and numbers (issue 31), shared by the range check's screens, voice
// health and the server's check that a sent range follows from its two frequencies.

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;

/** 12 log2(high / low), to 0.1 (RangeResult.rangeSemitones, dsp/range-types.ts). */
export function semitonesBetween(lowHz: number, highHz: number): number {
  return Math.round(12 * Math.log2(highHz / lowHz) * 10) / 10;
}

/** A MIDI note number (60 = C4) by name in scientific pitch notation, e.g. "G2", "C#5". */
export function noteName(midi: number): string {
  const n = Math.round(midi);
  return `${NOTE_NAMES[((n % 12) + 12) % 12]}${Math.floor(n / 12) - 1}`;
}

/** The nearest MIDI note number of a frequency (69 = A4 = 440 Hz). */
export function midiOf(hz: number): number {
  return Math.round(69 + 12 * Math.log2(hz / 440));
}

const QUARTERS = ['', ' and a quarter', ' and a half', ' and three quarters'] as const;

/**
 * A range in semitones as a singer says it, to the nearest quarter octave: 21 semitones is
 * "about an octave and three quarters", 24 "about two octaves", 5 "about half an octave".
 */
export function octavesInWords(semitones: number): string {
  const quarters = Math.round(semitones / 3);
  if (quarters === 0) return 'less than a quarter of an octave';
  const whole = Math.floor(quarters / 4);
  const part = quarters % 4;
  if (whole === 0) return `about ${['', 'a quarter of', 'half', 'three quarters of'][part]} an octave`;
  const wholeWords =
    whole === 1 ? 'an octave' : `${['', 'one', 'two', 'three', 'four', 'five'][whole] ?? whole} octaves`;
  return `about ${wholeWords}${QUARTERS[part]}`;
}

const NUMBER_WORDS: Record<number, string> = {
  2: 'two',
  3: 'three',
  4: 'four',
  5: 'five',
  6: 'six',
  7: 'seven',
  8: 'eight',
  9: 'nine',
  10: 'ten',
  11: 'eleven',
  12: 'twelve',
};

/** "grew two semitones", "narrowed by 1.5 semitones", "stayed the same" between two ranges. */
export function rangeChangeInWords(before: number, after: number): string {
  const change = Math.round((after - before) * 2) / 2;
  if (change === 0) return 'stayed the same';
  const size = Math.abs(change);
  const words = size === 1 ? 'one semitone' : `${NUMBER_WORDS[size] ?? size} semitones`;
  return change > 0 ? `grew ${words}` : `narrowed by ${words}`;
}
