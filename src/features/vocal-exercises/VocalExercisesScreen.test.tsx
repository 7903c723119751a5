// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFrame } from '../../../dsp/loader';
import { DEFAULT_VOICE_RANGE, placeInRange } from '../../domain/pitch-target/exercises';
import { findVocalExercise, VOCAL_EXERCISES } from '../../domain/pitch-target/vocal-exercises';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { useAuthStore } from '../auth/auth-store';
import type { EngineCallbacks, StartEngine } from '../tuning/engine-types';
import { VocalExercisesScreen } from './VocalExercisesScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const play = vi.hoisted(() => vi.fn());
const prepare = vi.hoisted(() => vi.fn());
vi.mock('../../audio/targetPlayer', () => ({ playTarget: play, prepareTarget: prepare }));
const sendOrQueue = vi.hoisted(() => vi.fn());
vi.mock('../../lib/outbox/offline-writes', async (original) => ({
  ...(await original<typeof import('../../lib/outbox/offline-writes')>()),
  sendOrQueue,
}));

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let tokens = 0;
let results: unknown[] = [];

function fakeServer() {
  return vi.fn(async (input: string) => {
    const url = String(input);
    if (url.includes('/dashboard'))
      return json({
        streaks: { current: 0, longest: 0 },
        user: { totalSessions: 1, currentStreak: 0, toneTokens: tokens },
        totals: { minutes: 10, sessions: 1 },
      });
    if (url === '/api/pitch-exercises/results') return json(results);
    return json({ error: 'not_found', message: 'nothing here' }, 404);
  });
}

function fakeEngine() {
  let callbacks: EngineCallbacks | null = null;
  const stop = vi.fn(async () => {});
  const start: StartEngine = vi.fn(async (cb: EngineCallbacks) => {
    callbacks = cb;
    return { sampleRate: 48000, stagesKeptOn: [], stop, setPitchRange: async () => {} };
  });
  const sing = (hz: number | null, from: number, seconds: number) => {
    for (let t = from; t < from + seconds; t += 0.01) callbacks?.onFrame({ ...emptyFrame(), t, f0: hz });
  };
  return { start, sing };
}

function renderScreen(path = '/vocal-exercises', startEngine = fakeEngine().start) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <VocalExercisesScreen startEngine={startEngine} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  const member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  vi.stubGlobal('fetch', fakeServer());
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const playback = () => ({ ended: new Promise<void>(() => {}), stop: vi.fn() });
  play.mockImplementation(playback);
  prepare.mockImplementation(() => ({ ...playback(), start: vi.fn() }));
  tokens = 500;
  results = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sendOrQueue.mockReset();
});

describe('the vocal exercises screen', () => {
  it('below level 4 says what the feature is and which level opens it, with no exercise to start', async () => {
    tokens = 250;
    renderScreen();
    const locked = await screen.findByTestId('feature-locked');
    expect(locked.textContent).toContain(
      'Vocal exercises opens at level 4; you are at level 3 (250 tone tokens to go).',
    );
    expect(screen.queryByRole('button', { name: /^start / })).toBeNull();
  });

  it('at level 4 lists every exercise with what it is for, its steps, its length, and "not sung yet"', async () => {
    renderScreen();
    const list = await screen.findByTestId('vocal-exercises');
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(VOCAL_EXERCISES.length);
    const hum = screen.getByTestId('exercise-vx-hum-five-note');
    expect(hum.textContent).toContain('A gentle first warm-up');
    expect(within(hum).getByRole('list', { name: /how to do/ }).children.length).toBe(3);
    expect(hum.textContent).toContain('5 seconds a take');
    expect(await within(hum).findByText('not sung yet')).toBeTruthy();
  });

  it('shows the last score of an exercise from the takes the app keeps', async () => {
    results = [
      { id: 2, exerciseId: 'vx-arpeggio', score: 81, recordedAt: '2026-12-06T10:00:00Z', notes: [] },
      { id: 1, exerciseId: 'vx-arpeggio', score: 40, recordedAt: '2026-12-01T10:00:00Z', notes: [] },
    ];
    renderScreen();
    const card = await screen.findByTestId('exercise-vx-arpeggio');
    expect((await within(card).findByTestId('last-score')).textContent).toBe(
      'last score 81 of 100, 6 Dec 2026',
    );
  });

  it('starts an exercise with match the note, placed in the range, and saves the finished take as a take', async () => {
    const engine = fakeEngine();
    sendOrQueue.mockResolvedValue({ queued: true });
    renderScreen('/vocal-exercises', engine.start);
    fireEvent.click(await screen.findByRole('button', { name: 'start Sustained vowel' }));
    const runner = await screen.findByTestId('exercise-runner');
    expect(within(runner).getByRole('heading', { name: 'sustained vowel' })).toBe(document.activeElement);
    const target = placeInRange(findVocalExercise('vx-sustained-vowel')!, DEFAULT_VOICE_RANGE);
    expect(await nonEmptyText(screen.findByTestId('target-notes'))).toBe(target[0]!.name);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sing it' })));
    await act(async () => engine.sing(target[0]!.hz, 0, 10.5));
    expect(screen.getByTestId('note-result').textContent).toContain('on the note (0 cents)');
    expect(sendOrQueue).toHaveBeenCalledWith(
      'pitch-result',
      '/api/pitch-exercises/results',
      expect.objectContaining({ exerciseId: 'vx-sustained-vowel', target: `${target[0]!.name}:8` }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'all exercises' }));
    expect(await screen.findByTestId('vocal-exercises')).toBeTruthy();
  });

  it('opens the exercise a link names (?exercise=…), as technique feedback links do', async () => {
    renderScreen('/vocal-exercises?exercise=vx-lip-trill-siren');
    const runner = await screen.findByTestId('exercise-runner');
    expect(within(runner).getByRole('heading', { name: 'lip trill siren' })).toBeTruthy();
  });
});
