// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PracticeFeeling } from '../../domain/emotions';
import { renderAsMember } from '../tier-features/test-member';
import { EmotionsScreen } from './EmotionsScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let n = 0;
const run = (
  before: PracticeFeeling['before'],
  after: PracticeFeeling['after'],
  linked = true,
): PracticeFeeling => {
  n++;
  const at = `2026-12-0${1 + (n % 6)}T09:00:00Z`;
  return {
    runKey: `run-${n}`,
    kind: 'template',
    itemId: 1,
    before,
    after,
    localDate: at.slice(0, 10),
    practice: linked
      ? { title: `Morning hum ${n}`, practisedAt: at, localDate: at.slice(0, 10), counted: true }
      : null,
  };
};

describe('the emotion tracking screen', () => {
  it('says below level 2 what it is and which level opens it, without reading anything', async () => {
    const { fetch } = renderAsMember(<EmotionsScreen />, { tokens: 40 });
    const locked = await screen.findByTestId('feature-locked');
    expect(locked.textContent).toContain(
      'Emotion tracking opens at level 2; you are at level 1 (60 tone tokens to go).',
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/emotions');
  });

  it('says in plain words first how practice moved the feelings, then the weeks and the practices', async () => {
    const feelings = [
      ...Array.from({ length: 7 }, () => run('tense', 'calm')),
      run('calm', 'calm'),
      run('joyful', 'low'),
      run(null, 'content'),
      run('anxious', 'calm', false),
    ];
    renderAsMember(<EmotionsScreen />, {
      tokens: 100,
      answers: { '/api/emotions': { today: '2026-12-07', feelings } },
    });
    expect(await nonEmptyText(screen.findByTestId('emotions-headline'))).toBe(
      'After practice you felt better than before 7 times out of your last 9 practices.',
    );
    expect(screen.getByText('The same once, lower once.')).toBeTruthy();
    expect(screen.getByText('After practice you most often felt calm (8 times).')).toBeTruthy();
    expect(screen.getByTestId('weeks-chart')).toBeTruthy();
    // The practices on the ledger only, newest first, at most ten.
    const rows = screen.getAllByTestId('emotion-row');
    expect(rows).toHaveLength(10);
    expect(rows.some((r) => r.textContent?.includes('not noted'))).toBe(true);
  });

  it('explains how to begin when nothing was noted yet', async () => {
    renderAsMember(<EmotionsScreen />, {
      tokens: 100,
      answers: { '/api/emotions': { today: '2026-12-07', feelings: [run('calm', null, false)] } },
    });
    expect(await screen.findByText('No feelings noted yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a session' }).getAttribute('href')).toBe('/discover');
  });
});
