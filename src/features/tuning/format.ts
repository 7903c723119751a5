// Small display helpers shared by the recorder, the pitch trace and the score card.

/** Elapsed whole seconds as m:ss (the spec's recorder timer): 0:00, 0:59, 1:00, 12:05. */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${minutes}:${seconds.toString().padStart(2, '0')}`;
}

const NAMES = ['C', 'C♯', 'D', 'D♯', 'E', 'F', 'F♯', 'G', 'G♯', 'A', 'A♯', 'B'] as const;

/** MIDI-style semitone number (69 = A4 = 440 Hz) of a frequency; fractional. */
export function hzToSemitone(hz: number): number {
  return 69 + 12 * Math.log2(hz / 440);
}

export function semitoneToHz(semitone: number): number {
  return 440 * 2 ** ((semitone - 69) / 12);
}

/** Scientific pitch name of the nearest semitone: 57 -> "A3", 60 -> "C4", 61 -> "C♯4". */
export function noteName(semitone: number): string {
  const n = Math.round(semitone);
  const name = NAMES[((n % 12) + 12) % 12] ?? 'C';
  return `${name}${Math.floor(n / 12) - 1}`;
}

/** Cents away from the nearest semitone, -50..+50 (how "in tune" a held note is). */
export function centsOff(semitone: number): number {
  return Math.round((semitone - Math.round(semitone)) * 100);
}

export function percent(fraction: number): number {
  return Math.round(Math.min(1, Math.max(0, fraction)) * 100);
}
