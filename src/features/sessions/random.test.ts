import { describe, expect, it } from 'vitest';
import { pickRandomSession, todaysPick } from './random';
import type { Session } from './session';

const session = (id: number, listening = false): Session => ({
  id,
  title: `Session ${id}`,
  description: '',
  coverColor: null,
  voicePath: listening ? null : `voice-${id}.mp3`,
  instrPath: `music-${id}.mp3`,
  lengthSec: 300,
  skillLevel: 'beginner',
  category: [],
  moods: [],
  tags: '',
  intentions: [],
  musicians: [],
});
const pool = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => session(id, id % 4 === 0));
const shuffled = (seed: number) => [...pool].sort((a, b) => ((a.id * seed) % 7) - ((b.id * seed) % 7));

describe("today's recommendation", () => {
  it('is the same guided session on four loads of one local day, whatever order the pool came in', () => {
    const picks = [1, 2, 3, 5].map((seed) => todaysPick(shuffled(seed), 'member-a', '2026-12-07')?.id);
    expect(new Set(picks).size).toBe(1);
    // Never a listening-room track while guided sessions exist.
    expect([4, 8]).not.toContain(picks[0]);
  });

  it('moves on over the days and differs between members', () => {
    const days = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
    expect(new Set(days.map((d) => todaysPick(pool, 'member-a', d)?.id)).size).toBeGreaterThan(1);
    const members = ['a', 'b', 'c', 'd', 'e', 'f'].map((m) => todaysPick(pool, m, '2026-12-07')?.id);
    expect(new Set(members).size).toBeGreaterThan(1);
  });

  it('leaves "surprise me" random', () => {
    expect(pickRandomSession(pool, () => 0)?.id).toBe(1);
    expect(pickRandomSession(pool, () => 0.99)?.id).toBe(7);
  });
});
