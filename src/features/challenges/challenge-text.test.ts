import { describe, expect, it } from 'vitest';
import type { Challenge } from './challenges-api';
import { datesText, progressText, ruleText } from './challenge-text';

const c = (o: Partial<Challenge>): Challenge => ({
  id: 1,
  name: '',
  measure: 'sessions',
  target: 10,
  focus: null,
  startDate: '2026-12-10',
  endDate: '2026-12-23',
  circle: null,
  createdByMe: true,
  creatorName: 'Mia',
  canDelete: true,
  joined: true,
  joiners: 1,
  state: 'open',
  daysLeft: 1,
  progress: { value: 9, metOn: null },
  ...o,
});

describe('challenge words', () => {
  it('say the rule with its focus, and one count without "1 days"', () => {
    expect(ruleText({ measure: 'days', target: 1, focus: null })).toBe('Practise on 1 day');
    expect(ruleText({ measure: 'days', target: 4, focus: 'free' })).toBe('A free session on 4 days');
    expect(ruleText({ measure: 'minutes', target: 120, focus: null })).toBe('Practise for 120 minutes');
    expect(ruleText({ measure: 'sessions', target: 1, focus: 'fun' })).toBe('1 fun session');
    expect(datesText('2026-12-10', '2026-12-10')).toBe('10 Dec');
    expect(datesText('2026-12-30', '2027-01-05')).toBe('30 Dec – 5 Jan');
  });

  it('say where the member stands first in words: last day, not started yet, and for a circle not joined', () => {
    expect(progressText(c({}))).toBe('9 of 10 sessions — 1 to go, last day today');
    expect(progressText(c({ state: 'upcoming', daysLeft: 14, progress: { value: 0, metOn: null } }))).toBe(
      'Starts on 10 Dec: 14 days to do it',
    );
    expect(progressText(c({ progress: null, joined: false, joiners: 1, daysLeft: 3 }))).toBe(
      '3 days left · 1 member in it',
    );
    expect(
      progressText(c({ progress: null, joined: false, state: 'upcoming', daysLeft: 14, joiners: 2 })),
    ).toBe('Starts on 10 Dec and runs 14 days · 2 members in it');
  });
});
