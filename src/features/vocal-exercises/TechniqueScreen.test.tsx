// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { useAuthStore } from '../auth/auth-store';
import { useHistoryStore } from '../tuning/history-store';
import type { VoiceAnalysis } from '../tuning/recording-summary';
import { TechniqueScreen } from './TechniqueScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let tokens = 0;
let results: unknown[] = [];
let resultsFail = false;

/** A stored take of five scale notes, each `cents` off, held `held`, arriving after `onset` ms. */
const take = (id: number, cents: number, held = 0.9, onset = 120) => ({
  id,
  exerciseId: 'vx-hum-five-note',
  title: 'Humming on a five-note scale',
  focus: 'find',
  score: 70,
  shift: 0,
  durationSec: 5,
  localDate: '2026-12-06',
  templateId: null,
  recordedAt: new Date(Date.UTC(2026, 11, 6, 10, id)).toISOString(),
  target: 'C4:1,D4:1,E4:1,F4:1,G4:1',
  notes: ['C4', 'D4', 'E4', 'F4', 'G4'].map((n) => ({
    target: `${n}:1`,
    centsOff: cents,
    heldFraction: held,
    onsetMs: onset,
  })),
});

function renderScreen() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/dashboard'))
        return json({
          streaks: { current: 0, longest: 0 },
          user: { totalSessions: 1, currentStreak: 0, toneTokens: tokens },
          totals: { minutes: 10, sessions: 1 },
        });
      if (url === '/api/pitch-exercises/results')
        return resultsFail ? json({ error: 'oops', message: 'down' }, 500) : json(results);
      return json({ error: 'not_found', message: 'nothing here' }, 404);
    }),
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TechniqueScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  const member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  tokens = 800;
  results = [];
  resultsFail = false;
  useHistoryStore.setState({ sessions: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the technique feedback screen', () => {
  it('below level 5 says what the feature is and which level opens it', async () => {
    tokens = 500;
    renderScreen();
    const locked = await screen.findByTestId('feature-locked');
    expect(locked.textContent).toContain(
      'Technique feedback opens at level 5; you are at level 4 (300 tone tokens to go).',
    );
  });

  it('with too few takes says how many there are and what to sing, with a link that starts it', async () => {
    results = [take(1, 0)];
    renderScreen();
    const box = await screen.findByTestId('technique-too-few');
    expect(box.textContent).toContain('at least 3 scored takes with 10 sung notes between them');
    expect(box.textContent).toContain('So far there is 1 take with 5 notes.');
    expect(
      within(box).getByRole('link', { name: 'start humming on a five-note scale' }).getAttribute('href'),
    ).toBe('/vocal-exercises?exercise=vx-hum-five-note');
  });

  it('says in words first, numbers second, what the takes show, each with the exercise that trains it', async () => {
    results = [take(1, -25, 0.5, 320), take(2, -25, 0.5, 320), take(3, -25, 0.5, 320)];
    renderScreen();
    const flat = await screen.findByTestId('finding-flat');
    expect(within(flat).getByRole('heading').textContent).toBe(
      'You tend to sing a little under the note (flat).',
    );
    expect(flat.textContent).toContain('25 cents flat, over 15 notes');
    expect(within(flat).getByRole('link').getAttribute('href')).toBe(
      '/vocal-exercises?exercise=vx-hum-five-note',
    );
    expect(await nonEmptyText(screen.findByTestId('finding-unsteady'))).toContain('50% of a typical note');
    const slow = screen.getByTestId('finding-slow-arrival');
    expect(slow.textContent).toContain('about 0.3 s after it starts');
    expect(within(slow).getByRole('link', { name: 'start quick onsets' })).toBeTruthy();
    expect(
      screen.getByText(/From your 3 most recent scored takes \(15 sung notes\), worked out on this device/),
    ).toBeTruthy();
    expect(screen.getByText('how we read your singing')).toBeTruthy();
  });

  it('says the notes are steady and in tune when no rule speaks', async () => {
    results = [take(1, 2), take(2, -3), take(3, 1)];
    renderScreen();
    expect(await nonEmptyText(screen.findByTestId('technique-clear'))).toContain('steady and in tune');
  });

  it('says it could not load the takes, with a way to try again', async () => {
    resultsFail = true;
    renderScreen();
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('adds the tuning room’s wandering rule over the free recordings kept on this device', async () => {
    results = [take(1, 2), take(2, -3), take(3, 1)];
    const recording = (i: number): VoiceAnalysis => ({
      id: `r${i}`,
      at: new Date(Date.UTC(2026, 11, 5, 9, i)).toISOString(),
      durationSec: 8,
      overall: 50,
      clarity: 60,
      stability: 40,
      resonance: 50,
      projection: 50,
      breathiness: 20,
      volume: 50,
      pitchHz: 200,
      voicedFrames: 400,
    });
    useHistoryStore.setState({ sessions: [recording(1), recording(2), recording(3)] });
    renderScreen();
    const wander = await screen.findByTestId('finding-recordings-wander');
    expect(wander.textContent).toContain('Typical steadiness 40% over your last 3 free recordings');
    expect(within(wander).getByRole('link', { name: 'start sustained vowel' })).toBeTruthy();
  });
});
