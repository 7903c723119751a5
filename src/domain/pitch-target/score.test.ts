import { describe, expect, it } from 'vitest';
import { parseTarget } from './notes';
import { notePoints, scoreTake, SCORE_RULE_TEXT } from './score';
import type { PitchFrame } from './types';

/** Frames every 10 ms from `from` to `to` seconds, pitch from `hz(t)` (null = unvoiced). */
function frames(from: number, to: number, hz: (t: number) => number | null): PitchFrame[] {
  const out: PitchFrame[] = [];
  for (let t = from; t < to - 1e-9; t += 0.01) out.push({ t: Math.round(t * 1000) / 1000, f0: hz(t) });
  return out;
}
const cents = (hz: number, c: number) => hz * 2 ** (c / 1200);

describe('scoreTake', () => {
  it('a take exactly on the notes scores 100 with 0 cents, fully held', () => {
    const target = parseTarget('A3:1,C#4:1,E4:1');
    const hz = [220, 277.18263, 329.62756];
    const result = scoreTake(
      target,
      frames(0, 3, (t) => hz[Math.floor(t)] ?? null),
    );
    expect(result.score).toBe(100);
    expect(result.notes).toEqual([
      { target: 'A3:1', centsOff: 0, heldFraction: 1, onsetMs: 0 },
      { target: 'C#4:1', centsOff: 0, heldFraction: 1, onsetMs: 0 },
      { target: 'E4:1', centsOff: 0, heldFraction: 1, onsetMs: 0 },
    ]);
  });

  it('reports a steady flat note in cents and takes the closeness points away', () => {
    const target = parseTarget('A3:2');
    const at30 = scoreTake(
      target,
      frames(0, 2, () => cents(220, -30)),
    );
    expect(at30.notes[0]).toMatchObject({ centsOff: -30, heldFraction: 1, onsetMs: 0 });
    expect(at30.score).toBe(Math.round(70 + 30 * (20 / 40)));
    const at80 = scoreTake(
      target,
      frames(0, 2, () => cents(220, 80)),
    );
    expect(at80.notes[0]).toMatchObject({ centsOff: 80, heldFraction: 0, onsetMs: null });
    expect(at80.score).toBe(0);
  });

  it('a late entry lowers the held share and the onset says how late, the scoop is not in the median', () => {
    const target = parseTarget('A3:1');
    // silence for 300 ms, a 100 ms scoop from 200 cents flat, then on pitch +5 cents
    const take = frames(0, 1, (t) =>
      t < 0.3 ? null : t < 0.4 ? cents(220, -200 + ((t - 0.3) / 0.1) * 205) : cents(220, 5),
    );
    const [note] = scoreTake(target, take).notes;
    expect(note?.centsOff).toBe(5);
    expect(note?.onsetMs).toBeGreaterThanOrEqual(370);
    expect(note?.onsetMs).toBeLessThanOrEqual(400);
    expect(note?.heldFraction).toBeGreaterThanOrEqual(0.6);
    expect(note?.heldFraction).toBeLessThanOrEqual(0.63);
  });

  it('an unsung note is null, not zero cents, and scores 0; rests are listed but not scored', () => {
    const target = parseTarget('A3:1,-:0.5,E4:1');
    const take = frames(0, 2.5, (t) => (t < 1 ? 220 : null));
    const result = scoreTake(target, take);
    expect(result.notes[1]).toEqual({ target: '-:0.5', centsOff: null, heldFraction: null, onsetMs: null });
    expect(result.notes[2]).toEqual({ target: 'E4:1', centsOff: null, heldFraction: 0, onsetMs: null });
    expect(result.score).toBe(50); // (100 + 0) / 2: the rest does not count
  });

  it('a take that stops early counts the missing time as not held', () => {
    const result = scoreTake(
      parseTarget('A3:2'),
      frames(0, 1, () => 220),
    );
    expect(result.notes[0]?.heldFraction).toBe(0.5);
    expect(result.notes[0]?.centsOff).toBe(0);
  });

  it('scores a glide along its line, not against its first note', () => {
    const target = parseTarget('A3:1~,A4:1');
    const onLine = scoreTake(
      target,
      frames(0, 2, (t) => (t < 1 ? 220 * 2 ** t : 440)),
    );
    expect(onLine.score).toBe(100);
    expect(onLine.notes[0]).toMatchObject({ target: 'A3:1~', centsOff: 0, heldFraction: 1 });
    const stayedLow = scoreTake(
      target,
      frames(0, 2, (t) => (t < 1 ? 220 : 440)),
    );
    expect(stayedLow.notes[0]?.heldFraction).toBeLessThan(0.1);
  });

  it('lines the target up with offsetSeconds (a count-in before the first note)', () => {
    const take = frames(0, 3, (t) => (t < 2 ? null : 220));
    expect(scoreTake(parseTarget('A3:1'), take, { offsetSeconds: 2 }).score).toBe(100);
    expect(scoreTake(parseTarget('A3:1'), take).score).toBe(0);
  });

  it('reads the centre of a jittery note, not the middle frame of its scatter', () => {
    // A voice whose 10 ms frames scatter +3, +3, -6 cents around the note: centre 0, yet the
    // median of the raw frames (and of the trace joining them) reads over a cent sharp.
    // Averaged over ±50 ms before the median, the note reads its centre.
    const scatter = [3, 3, -6];
    let j = 0;
    const take = frames(0, 2, () => cents(220, scatter[j++ % 3] ?? 0));
    const target = parseTarget('A3:2');
    expect(Math.abs(scoreTake(target, take).notes[0]?.centsOff ?? 99)).toBeLessThanOrEqual(0.5);
    expect(scoreTake(target, take, { smoothSeconds: 0 }).notes[0]?.centsOff).toBeGreaterThanOrEqual(1);
  });

  it('an octave slip is not averaged into its neighbours', () => {
    // Every fifth frame an octave up: the median of the frames is on the note, and stays there
    // (averaging slips into their neighbours would lift every value by about 2 semitones).
    let j = 0;
    const take = frames(0, 2, () => (j++ % 5 === 0 ? 440 : 220));
    expect(scoreTake(parseTarget('A3:2'), take).notes[0]?.centsOff).toBe(0);
  });

  it('says its rule in words and the points follow it', () => {
    expect(SCORE_RULE_TEXT).toMatch(/70 points .* within 50 cents/);
    expect(notePoints(0, 1)).toBe(100);
    expect(notePoints(10, 1)).toBe(100);
    expect(notePoints(-30, 0.5)).toBe(35 + 15);
    expect(notePoints(null, 0)).toBe(0);
  });
});
