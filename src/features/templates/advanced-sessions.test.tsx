// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/auth-store';
import { LibraryScreen } from './LibraryScreen';
import { PreviewPhase } from './PreviewPhase';
import type { SessionTemplate, TemplateSummary } from './template-api';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const summary = (id: number, difficulty: string, title: string): TemplateSummary => ({
  id,
  slug: title.toLowerCase().replace(/ /g, '-'),
  title,
  description: `${title}, step by step.`,
  category: 'fine-tune',
  duration: 900,
  difficulty,
  voiceLevel: 'skilled',
  steps: 7,
});
const LIBRARY = [
  summary(1, 'beginner', 'Morning Voice Wake-Up'),
  summary(2, 'intermediate', 'Vowel Clarity'),
  summary(3, 'advanced', 'Messa di Voce'),
  summary(4, 'advanced', 'Resonance Ladder'),
];

/** The dashboard answers `tokens` (null: it cannot be read); the library its list. */
function show(path: string, tokens: number | null, ui: React.ReactNode) {
  const queryFn = vi.fn(async ({ queryKey }: { queryKey: readonly unknown[] }) => {
    const url = String(queryKey[0]);
    if (url === '/api/session-templates') return LIBRARY;
    if (url.includes('/dashboard') && tokens !== null) return { user: { toneTokens: tokens } };
    throw new TypeError('Failed to fetch');
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'member-1' } as User });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the library’s advanced sessions (?level=advanced)', () => {
  it('below level 4: what they are, which level opens them, and each card says locked in words', async () => {
    show('/library?level=advanced', 120, <LibraryScreen />);
    const items = await screen.findAllByTestId('library-item');
    expect(items.map((i) => within(i).getByText(/^(Messa di Voce|Resonance Ladder)$/).textContent)).toEqual([
      'Messa di Voce',
      'Resonance Ladder',
    ]);
    const lock = await screen.findByTestId('feature-locked');
    expect(lock.textContent).toContain(
      'Longer, more demanding guided exercises for a voice that has found its footing.',
    );
    expect(lock.textContent).toContain(
      'Advanced sessions opens at level 4; you are at level 2 (380 tone tokens to go).',
    );
    expect(screen.getAllByTestId('library-item-locked').map((l) => l.textContent)).toEqual([
      'locked · Advanced sessions opens at level 4; you are at level 2 (380 tone tokens to go).',
      'locked · Advanced sessions opens at level 4; you are at level 2 (380 tone tokens to go).',
    ]);
    expect(screen.getByRole('button', { name: 'advanced' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('at level 4: a heading and what they are, and no lock', async () => {
    show('/library?level=advanced', 500, <LibraryScreen />);
    expect(await screen.findByRole('heading', { name: 'advanced sessions' })).toBeTruthy();
    expect(await screen.findAllByTestId('library-item')).toHaveLength(2);
    expect(screen.queryByTestId('feature-locked')).toBeNull();
    expect(screen.queryByTestId('library-item-locked')).toBeNull();
  });

  it('filters by level in the address, and every level shows them all again', async () => {
    show('/library', 0, <LibraryScreen />);
    expect(await screen.findAllByTestId('library-item')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'intermediate' }));
    expect(screen.getByTestId('where').textContent).toBe('/library?level=intermediate');
    expect(screen.getAllByTestId('library-item')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'every level' }));
    expect(screen.getByTestId('where').textContent).toBe('/library');
    // In the whole list the advanced ones still say they are locked.
    expect(await screen.findAllByTestId('library-item-locked')).toHaveLength(2);
  });
});

describe('an advanced template’s preview', () => {
  const template = (difficulty: string): SessionTemplate => ({
    ...summary(3, difficulty, 'Messa di Voce'),
    instructions: [{ text: 'Hum a comfortable middle note softly.', duration: 120, cue: '/cues/x/1.mp3' }],
  });

  it('below level 4 shows what opens it instead of Start Session, before any practice', async () => {
    const onStart = vi.fn();
    show('/session/3', 300, <PreviewPhase template={template('advanced')} onStart={onStart} />);
    expect(await nonEmptyText(screen.findByTestId('feature-locked'))).toContain(
      'opens at level 4; you are at level 3',
    );
    expect(screen.queryByRole('button', { name: 'Start Session' })).toBeNull();
    // The steps stay readable.
    expect(screen.getAllByTestId('preview-step')).toHaveLength(1);
  });

  it('at level 4, or for any other template, starts as ever; an unreadable level leaves the choice open', async () => {
    show('/session/3', 500, <PreviewPhase template={template('advanced')} onStart={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start Session' })).toBeTruthy();
    cleanup();
    show('/session/3', 0, <PreviewPhase template={template('intermediate')} onStart={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start Session' })).toBeTruthy();
    cleanup();
    show('/session/3', null, <PreviewPhase template={template('advanced')} onStart={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Start Session' })).toBeTruthy();
  });
});
