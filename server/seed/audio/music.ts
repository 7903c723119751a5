/** Pitch helpers: note names, modes and scale degrees (0-based, may exceed one octave or go negative). */
export const MODES = {
  major: [0, 2, 4, 5, 7, 9, 11],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  lydian: [0, 2, 4, 6, 7, 9, 11],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  minor: [0, 2, 3, 5, 7, 8, 10],
} as const;
export type Mode = keyof typeof MODES;

const PITCH_CLASS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** 'D3' -> 50, 'F#2' -> 42, 'Bb3' -> 58. */
export function noteToMidi(note: string): number {
  const m = /^([A-G])([#b]?)(-?\d)$/.exec(note);
  const letter = m?.[1];
  const octave = m?.[3];
  if (!m || letter === undefined || octave === undefined) throw new Error(`bad note name: ${note}`);
  const accidental = m[2] === '#' ? 1 : m[2] === 'b' ? -1 : 0;
  return (Number(octave) + 1) * 12 + (PITCH_CLASS[letter] ?? 0) + accidental;
}

export function midiToHz(midi: number): number {
  return 440 * Math.pow(2, (midi - 69) / 12);
}

/** MIDI note of a scale degree counted from `tonic` (degree 7 is the octave). */
export function degreeToMidi(tonic: number, mode: Mode, degree: number): number {
  const steps = MODES[mode];
  const octave = Math.floor(degree / 7);
  const idx = degree - octave * 7;
  return tonic + octave * 12 + (steps[idx] ?? 0);
}

/** Moves `midi` by whole octaves into [lo, lo + 12). */
export function intoRange(midi: number, lo: number): number {
  let m = midi;
  while (m < lo) m += 12;
  while (m >= lo + 12) m -= 12;
  return m;
}
