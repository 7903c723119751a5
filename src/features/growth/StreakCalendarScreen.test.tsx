// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsMember } from '../tier-features/test-member';
import type { CalendarMonth } from './growth-api';
import { StreakCalendarScreen } from './StreakCalendarScreen';

const DECEMBER: CalendarMonth = {
  month: '2026-12',
  today: '2026-12-07',
  timeZone: 'Europe/London',
  days: [
    {
      date: '2026-12-07',
      hasSession: true,
      sessionCount: 1,
      recordings: 0,
      streakRewards: [],
      qualityScore: null,
      emotionalState: null,
      badgesEarned: [],
      notes: [],
    },
  ],
  badges: [],
  recentAchievements: [],
  streak: { current: 1, longest: 1 },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the streak calendar’s chosen day', () => {
  it('is headed by the day in words, never a raw date', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    renderAsMember(<StreakCalendarScreen />, { tokens: 0, answers: { '/api/users/': DECEMBER } });
    const detail = await screen.findByTestId('day-detail');
    expect(detail.querySelector('h2')?.textContent).toBe('Monday 7 December');
    expect(detail.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
