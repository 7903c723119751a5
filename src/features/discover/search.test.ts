import { describe, expect, it } from 'vitest';
import type { Session } from '../sessions/session';
import { searchSessions } from './search';

const make = (id: number, over: Partial<Session>): Session => ({
  id,
  title: '',
  description: '',
  coverColor: null,
  voicePath: null,
  instrPath: null,
  lengthSec: 60,
  skillLevel: null,
  category: [],
  moods: [],
  tags: '',
  intentions: [],
  musicians: [],
  ...over,
});

const catalogue = [
  make(1, { title: 'Morning Breath and Hum' }),
  make(2, { description: 'A calm descent into low tones.' }),
  make(3, { category: ['fine-tune'] }),
  make(4, { tags: 'breathing, warm-up' }),
  make(5, { moods: ['calm'], intentions: ['find calm under pressure'] }),
];

describe('searchSessions', () => {
  it('shows nothing for an empty or blank query', () => {
    expect(searchSessions(catalogue, '')).toEqual([]);
    expect(searchSessions(catalogue, '   ')).toEqual([]);
  });

  it('matches the title case-insensitively', () => {
    expect(searchSessions(catalogue, 'MORNING').map((s) => s.id)).toEqual([1]);
  });

  it('matches the description, category entries and tags', () => {
    expect(searchSessions(catalogue, 'calm').map((s) => s.id)).toEqual([2]);
    expect(searchSessions(catalogue, 'tune').map((s) => s.id)).toEqual([3]);
    expect(searchSessions(catalogue, 'breathing').map((s) => s.id)).toEqual([4]);
  });

  it('trims the query before matching', () => {
    expect(searchSessions(catalogue, '  warm-up ').map((s) => s.id)).toEqual([4]);
  });

  it('does not search moods or intentions, which the spec does not name', () => {
    expect(searchSessions(catalogue, 'pressure')).toEqual([]);
  });
});
