import { describe, expect, it } from 'vitest';
import type { Session } from '../sessions/session';
import { roomTracks } from './room-chips';

const track = (id: number, moods: string[], voicePath: string | null = null): Session => ({
  id,
  title: `t${id}`,
  description: '',
  coverColor: null,
  voicePath,
  instrPath: `i${id}.mp3`,
  lengthSec: 60,
  skillLevel: null,
  category: [],
  moods,
  tags: '',
  intentions: [],
  musicians: [],
});

const catalogue = [
  track(1, ['calm', 'healing']),
  track(2, ['energized']),
  track(3, ['calm'], 'guided.mp3'),
  track(4, ['Healing']),
];

describe('roomTracks', () => {
  it('lists every instrumental-only track for all tracks', () => {
    expect(roomTracks(catalogue, 'all').map((t) => t.id)).toEqual([1, 2, 4]);
  });

  it('keeps the tracks whose moods include the chip value', () => {
    expect(roomTracks(catalogue, 'calm').map((t) => t.id)).toEqual([1]);
    expect(roomTracks(catalogue, 'energized').map((t) => t.id)).toEqual([2]);
    expect(roomTracks(catalogue, 'healing').map((t) => t.id)).toEqual([1, 4]);
  });

  it('leaves guided sessions out of the room', () => {
    expect(roomTracks(catalogue, 'calm').some((t) => t.voicePath !== null)).toBe(false);
  });
});
