// @vitest-environment jsdom
import type { UseMutationResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompletedPhase } from './CompletedPhase';
import type { SaveResult, SessionTemplate } from './template-api';

// The after-practice question (emotion tracking) has its own tests: FeelingQuestion.test.tsx.
vi.mock('../emotions/FeelingQuestion', () => ({ AfterFeeling: () => null }));

afterEach(cleanup);

const template: SessionTemplate = {
  id: 1,
  slug: 'morning-voice-wake-up',
  title: 'Morning Voice Wake-Up',
  description: 'Wake the voice gently.',
  category: 'find',
  duration: 405,
  difficulty: 'beginner',
  voiceLevel: 'beginner',
  instructions: [],
};

type Save = UseMutationResult<SaveResult | null, Error, { activeSec: number; completed: boolean }>;

const saved = (over: Partial<SaveResult>): Save =>
  ({
    isPending: false,
    isSuccess: true,
    isError: false,
    data: {
      id: 1,
      templateId: 1,
      counted: true,
      isFirstSession: true,
      practisedSec: 405,
      plannedSec: 405,
      requiredSec: 203,
      tokensAwarded: 20,
      totalTokens: 20,
      newBadges: [],
      streakRewards: [],
      ...over,
    },
  }) as unknown as Save;
const pending = { isPending: true, isSuccess: false, isError: false, data: undefined } as unknown as Save;

function show(activeSec: number, save: Save) {
  render(
    <MemoryRouter>
      <CompletedPhase template={template} activeSec={activeSec} save={save} onRetry={vi.fn()} />
    </MemoryRouter>,
  );
}

describe('the template completed screen', () => {
  it('celebrates a session with the tokens the server awarded', () => {
    show(405, saved({}));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Session Complete!');
    expect(screen.getByTestId('tokens-earned').textContent).toBe('+20 tone tokens');
  });

  it('lists the badges and the streak reward the save just earned, in words', () => {
    show(
      405,
      saved({
        newBadges: [
          {
            id: 'first-template',
            name: 'Guided Steps',
            description: 'You finished a guided exercise session.',
            tier: 'awakening',
          },
        ],
        streakRewards: [{ days: 3, bonus: 10 }],
      }),
    );
    const badges = screen.getByRole('list', { name: 'badges earned' });
    expect(badges.textContent).toBe(
      'New badge: Guided Steps (awakening): You finished a guided exercise session.',
    );
    expect(screen.getByRole('list', { name: 'streak rewards earned' }).textContent).toBe(
      '3-day streak reward: +10 tone tokens',
    );
  });

  it('says a 13 s skip-through of a 405 s plan is partial practice, without tokens', () => {
    show(
      13,
      saved({ counted: false, isFirstSession: false, practisedSec: 13, tokensAwarded: 0, totalTokens: 0 }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Partial practice');
    expect(screen.getByTestId('tokens-earned').textContent).toBe(
      'Partial practice: 0:13 of 6:45 — minutes saved, no tokens; practise at least half to earn the session.',
    );
  });

  it('says so before the answer arrives, from the same rule the server applies', () => {
    show(13, pending);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Partial practice');
    expect(screen.getByTestId('partial-practice').textContent).toContain('0:13 of 6:45');
    cleanup();
    show(300, pending);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Session Complete!');
    expect(screen.queryByTestId('partial-practice')).toBeNull();
  });
});
