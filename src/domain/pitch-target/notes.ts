// Target notation for pitch-matching exercises (issue 22) and the note/Hz/cents arithmetic.
//
// A target is a comma-separated list of notes, each `PITCH:SECONDS`, optionally ending in "~":
//   PITCH    a scientific pitch name: letter A-G, an optional sharp (#, ♯) or flat (b, ♭), an
//            octave 0-9 ("A3", "C#4", "Bb3"; A4 = 440 Hz, equal temperament);
//            or a frequency in Hz ("220", "196.5", "220Hz");
//            or "-" for a rest (silence, not scored).
//   SECONDS  the note's duration, a number > 0 and at most 30.
//   "~"      glide: the pitch slides evenly (in cents) from this note to the next one over this
//            note's duration, as in a siren. Not on a rest, not into a rest, not on the last note.
// Example: "A3:1,C#4:1,-:0.5,E4:1.5~,A4:1". Spaces around items are ignored. Every pitch must
// lie within 50-1500 Hz, the range the voice engine hears.
import type { TargetNote } from './types';

export const MIN_TARGET_HZ = 50;
export const MAX_TARGET_HZ = 1500;
export const MAX_NOTE_SECONDS = 30;
export const MAX_TARGET_NOTES = 64;

/** A target that cannot be sung or scored; `message` says what is wrong, in words. */
export class TargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TargetError';
  }
}

const LETTER_SEMITONES: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const SHARP_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'] as const;
const NOTE_RE = /^([A-Ga-g])(#|♯|b|♭)?(\d)$/;
const HZ_RE = /^(\d+(?:\.\d+)?)\s*(?:hz)?$/i;
const SECONDS_RE = /^\d*\.?\d+$/;

/** MIDI number (69 = A4) of a scientific pitch name, or null when it is not one. */
export function noteToMidi(name: string): number | null {
  const m = NOTE_RE.exec(name.trim());
  if (!m) return null;
  const letter = (m[1] ?? 'C').toUpperCase();
  const accidental = m[2] === '#' || m[2] === '♯' ? 1 : m[2] ? -1 : 0;
  return 12 * (Number(m[3]) + 1) + (LETTER_SEMITONES[letter] ?? 0) + accidental;
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

/** Frequency of a scientific pitch name ("A3" -> 220, "C#4" -> 277.18); a TargetError if not a name. */
export function noteToHz(name: string): number {
  const midi = noteToMidi(name);
  if (midi === null) throw new TargetError(`"${name}" is not a note name (like A3, C#4 or Bb3)`);
  return midiToHz(midi);
}

/** Nearest equal-tempered note, spelled with sharps ("C#4"); frequencies <= 0 have none. */
export function hzToNoteName(hz: number): string {
  if (!(hz > 0) || !Number.isFinite(hz)) throw new RangeError(`${hz} Hz has no note name`);
  const midi = Math.round(69 + 12 * Math.log2(hz / 440));
  return `${SHARP_NAMES[((midi % 12) + 12) % 12]}${Math.floor(midi / 12) - 1}`;
}

/** Cents from `refHz` up to `hz` (positive = sharp of the reference). */
export function centsBetween(hz: number, refHz: number): number {
  return 1200 * Math.log2(hz / refHz);
}

/** `NAME:seconds`, with "~" for a glide: the form results and the command print. */
export function formatNote(note: TargetNote): string {
  return `${note.name}:${note.seconds}${note.glide ? '~' : ''}`;
}

export function formatTarget(notes: readonly TargetNote[]): string {
  return notes.map(formatNote).join(',');
}

function parsePitch(raw: string, where: string): { name: string; hz: number | null } {
  if (raw === '-') return { name: '-', hz: null };
  const midi = noteToMidi(raw);
  let name: string;
  let hz: number;
  if (midi !== null) {
    const m = NOTE_RE.exec(raw);
    const acc = m?.[2] === '♯' ? '#' : m?.[2] === '♭' ? 'b' : (m?.[2] ?? '');
    name = `${(m?.[1] ?? '').toUpperCase()}${acc}${m?.[3] ?? ''}`;
    hz = midiToHz(midi);
  } else {
    const m = HZ_RE.exec(raw);
    if (!m) {
      throw new TargetError(
        `${where}: "${raw}" is not a pitch; write a note name (A3, C#4, Bb3), a frequency in Hz (220) or - for a rest`,
      );
    }
    hz = Number(m[1]);
    name = String(hz);
  }
  if (hz < MIN_TARGET_HZ || hz > MAX_TARGET_HZ) {
    throw new TargetError(
      `${where}: ${name} is ${hz.toFixed(1)} Hz, outside the ${MIN_TARGET_HZ}-${MAX_TARGET_HZ} Hz a voice target may use`,
    );
  }
  return { name, hz };
}

/**
 * Parses a target list (syntax at the top of this file). Throws a TargetError naming the first
 * problem: an empty list, a malformed note, a duration out of range, a pitch outside 50-1500 Hz,
 * a glide with nowhere to go.
 */
export function parseTarget(text: string): TargetNote[] {
  const items = text.split(',').map((s) => s.trim());
  if (items.length === 1 && items[0] === '') {
    throw new TargetError('the target is empty; write notes like "A3:1,C#4:1,E4:1"');
  }
  if (items.length > MAX_TARGET_NOTES) {
    throw new TargetError(`the target has ${items.length} notes; at most ${MAX_TARGET_NOTES} are allowed`);
  }
  const notes = items.map((item, i): TargetNote => {
    const where = `note ${i + 1} "${item}"`;
    if (item === '') throw new TargetError(`note ${i + 1} is empty (two commas in a row?)`);
    const colon = item.lastIndexOf(':');
    if (colon < 0) throw new TargetError(`${where}: write it as PITCH:SECONDS, like A3:1`);
    const glide = item.endsWith('~');
    const secondsText = item.slice(colon + 1, glide ? -1 : undefined).trim();
    if (!SECONDS_RE.test(secondsText)) {
      throw new TargetError(`${where}: "${secondsText}" is not a duration in seconds`);
    }
    const seconds = Number(secondsText);
    if (!(seconds > 0) || seconds > MAX_NOTE_SECONDS) {
      throw new TargetError(`${where}: a note lasts more than 0 and at most ${MAX_NOTE_SECONDS} seconds`);
    }
    const { name, hz } = parsePitch(item.slice(0, colon).trim(), where);
    return { name, hz, seconds, glide };
  });
  notes.forEach((note, i) => {
    if (!note.glide) return;
    const where = `note ${i + 1} "${items[i]}"`;
    if (note.hz === null) throw new TargetError(`${where}: a rest cannot glide`);
    const next = notes[i + 1];
    if (!next) throw new TargetError(`${where}: the last note has no next note to glide to`);
    if (next.hz === null) throw new TargetError(`${where}: cannot glide into a rest`);
  });
  return notes;
}

/** When each note starts and ends, in seconds from the target's start. */
export function noteTimes(notes: readonly TargetNote[]): { start: number; end: number }[] {
  let at = 0;
  return notes.map((n) => {
    const span = { start: at, end: at + n.seconds };
    at = span.end;
    return span;
  });
}

export function targetSeconds(notes: readonly TargetNote[]): number {
  return notes.reduce((sum, n) => sum + n.seconds, 0);
}

/**
 * The target's pitch at `secondsIntoNote` of note `i`: its own Hz, or for a glide a point on
 * the line moving evenly in cents to the next note's Hz. Null for a rest.
 */
export function targetHzAt(notes: readonly TargetNote[], i: number, secondsIntoNote: number): number | null {
  const note = notes[i];
  if (!note || note.hz === null) return null;
  const next = notes[i + 1];
  if (!note.glide || !next || next.hz === null) return note.hz;
  const share = Math.min(1, Math.max(0, secondsIntoNote / note.seconds));
  return note.hz * (next.hz / note.hz) ** share;
}

/**
 * The pitch range to analyse a take of `notes` with: an octave below the lowest note to an
 * octave above the highest (so a voice an octave off still reads as such), within 50-1500 Hz.
 * The engine keeps at least 120-700 Hz of it; a narrower range means a shorter window, which
 * follows vibrato and note changes more closely. Same shape as the worklet's member range.
 */
export function analysisRangeFor(notes: readonly TargetNote[]): { floorHz: number; ceilingHz: number } {
  const hz = notes.map((n) => n.hz).filter((f): f is number => f !== null);
  if (hz.length === 0) return { floorHz: MIN_TARGET_HZ, ceilingHz: MAX_TARGET_HZ };
  return {
    floorHz: Math.max(MIN_TARGET_HZ, Math.min(...hz) / 2),
    ceilingHz: Math.min(MAX_TARGET_HZ, Math.max(...hz) * 2),
  };
}
