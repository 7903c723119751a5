import { describe, expect, it } from 'vitest';
import type { Session } from '../sessions/session';
import { filterSessions, filterTitle, matchesFilter } from './filter-match';

const session = (over: Partial<Session>): Session => ({
  id: 1,
  title: 't',
  description: '',
  coverColor: null,
  voicePath: 'v.mp3',
  instrPath: 'i.mp3',
  lengthSec: 60,
  skillLevel: 'beginner',
  category: [],
  moods: [],
  tags: '',
  intentions: [],
  musicians: [],
  ...over,
});

describe('matchesFilter', () => {
  const s = session({
    category: ['fine-tune', 'find'],
    moods: ['calm', 'Focused'],
    skillLevel: ' Skilled ',
    intentions: ['find your center', 'speak with confidence'],
  });

  it('matches nothing without a value', () => {
    expect(matchesFilter(s, 'mood', null)).toBe(false);
    expect(matchesFilter(s, 'mood', '  ')).toBe(false);
  });

  it('matches a category against whole entries of the category list', () => {
    expect(matchesFilter(s, 'category', 'find')).toBe(true);
    expect(matchesFilter(s, 'category', 'fine-tune')).toBe(true);
    expect(matchesFilter(s, 'category', 'fun')).toBe(false);
  });

  it('matches a mood case-insensitively against the moods list', () => {
    expect(matchesFilter(s, 'mood', 'focused')).toBe(true);
    expect(matchesFilter(s, 'mood', 'energized')).toBe(false);
  });

  it('matches experience against the trimmed, case-insensitive skill level', () => {
    expect(matchesFilter(s, 'experience', 'skilled')).toBe(true);
    expect(matchesFilter(s, 'experience', 'beginner')).toBe(false);
  });

  it('turns hyphens into spaces before matching an intention phrase', () => {
    expect(matchesFilter(s, 'intention', 'find-your-center')).toBe(true);
    expect(matchesFilter(s, 'intention', 'find-calm-under-pressure')).toBe(false);
  });

  it('matches nothing for the focus type or an unknown type', () => {
    expect(matchesFilter(s, 'focus', 'find')).toBe(false);
    expect(matchesFilter(s, 'colour', 'calm')).toBe(false);
    expect(matchesFilter(s, null, 'calm')).toBe(false);
  });

  it('does not match a mood word inside an intention phrase', () => {
    expect(matchesFilter(session({ intentions: ['find calm under pressure'] }), 'mood', 'calm')).toBe(false);
  });
});

describe('filterSessions', () => {
  it('keeps only the matching sessions in their order', () => {
    const list = [
      session({ id: 3, moods: ['calm'] }),
      session({ id: 2 }),
      session({ id: 1, moods: ['calm'] }),
    ];
    expect(filterSessions(list, 'mood', 'calm').map((x) => x.id)).toEqual([3, 1]);
  });
});

describe('filterTitle', () => {
  it('names focus categories by their tile label and spells intentions out', () => {
    expect(filterTitle('category', 'fine-tune')).toBe('fine-tune my voice');
    expect(filterTitle('intention', 'turn-fear-into-fun')).toBe('turn fear into fun');
    expect(filterTitle('experience', 'beginner')).toBe('beginner sessions');
    expect(filterTitle('mood', '')).toBe('sessions');
  });
});
