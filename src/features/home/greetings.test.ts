import { describe, expect, it } from 'vitest';
import { GREETING_PERIOD_MS, GREETINGS, greetingFor, isNewMember, NEW_MEMBER_MS } from './greetings';

describe('greetingFor', () => {
  it('has 13 lines, each with a name slot', () => {
    expect(GREETINGS).toHaveLength(13);
    for (const line of GREETINGS) expect(line).toContain('{name}');
  });

  it('keeps the same line within a 6-hour window', () => {
    const start = 40 * GREETING_PERIOD_MS;
    expect(greetingFor(start, 'Ada')).toBe(greetingFor(start + GREETING_PERIOD_MS - 1, 'Ada'));
  });

  it('moves to the next line after 6 hours and comes round after 13 windows', () => {
    const start = 40 * GREETING_PERIOD_MS;
    expect(greetingFor(start, 'Ada')).not.toBe(greetingFor(start + GREETING_PERIOD_MS, 'Ada'));
    expect(greetingFor(start, 'Ada')).toBe(greetingFor(start + 13 * GREETING_PERIOD_MS, 'Ada'));
  });

  it('greets by first name, or as friend when none is known', () => {
    expect(greetingFor(0, 'Ada')).toBe('welcome back, Ada');
    expect(greetingFor(0, null)).toBe('welcome back, friend');
    expect(greetingFor(0, '  ')).toBe('welcome back, friend');
  });

  it('never welcomes a brand-new member back', () => {
    for (let w = 0; w < GREETINGS.length; w += 1) {
      const line = greetingFor(w * GREETING_PERIOD_MS, 'Ada', true);
      expect(line).not.toMatch(/came back|welcome back|hello again|missed you/);
    }
    expect(greetingFor(0, 'Ada', true)).toBe('welcome to Tuneful, Ada');
    expect(greetingFor(GREETING_PERIOD_MS, 'Ada', true)).toBe('good to hear you, Ada');
  });

  it('counts a member as new for the first day after signing up', () => {
    const created = '2026-01-01T10:00:00.000Z';
    expect(isNewMember(created, Date.parse(created) + 1000)).toBe(true);
    expect(isNewMember(created, Date.parse(created) + NEW_MEMBER_MS)).toBe(false);
    expect(isNewMember(undefined, 0)).toBe(false);
  });
});
