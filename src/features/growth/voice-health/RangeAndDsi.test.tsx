// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn, setAccessTokenSource } from '../../../lib/api';
import type { ShownAssessment } from '../../assessment/assessment-api';
import { useAuthStore } from '../../auth/auth-store';
import { RangeAndDsi } from './RangeAndDsi';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const range = (recordedAt: string, over: Record<string, unknown> = {}) => ({
  id: 1,
  recordedAt,
  lowestHz: 98,
  highestHz: 523.25,
  rangeSemitones: 29,
  profile: [{ semitone: 43, minDb: 52, maxDb: 90 }],
  levels: 'spl',
  softestDb: 52,
  engineVersion: 'range-test',
  ...over,
});
const assessment = (over: Partial<ShownAssessment> = {}): ShownAssessment => ({
  avqi: 1.5,
  cpps: 14,
  hnr: 21,
  shimmerPercent: 3,
  shimmerDb: 0.3,
  ltasSlope: -22,
  ltasTilt: -10,
  mptSeconds: 20,
  jitterPercent: 0.5,
  recordedAt: '2026-12-04T10:00:00.000Z',
  engineVersion: 'avqi-test',
  ...over,
});

let tokens = 1250;
let ranges: unknown[] = [];

beforeEach(() => {
  const member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/dashboard'))
        return json({
          streaks: { current: 0, longest: 0 },
          user: { totalSessions: 1, currentStreak: 0, toneTokens: tokens },
          totals: { minutes: 1, sessions: 1 },
        });
      if (url === '/api/voice-ranges') return json(ranges);
      return json({ error: 'not_found', message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(list: ShownAssessment[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RangeAndDsi list={list} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('range and DSI in voice health', () => {
  it('shows the range in words with its trend, and the DSI on its scale in words', async () => {
    ranges = [range('2026-12-05T10:00:00.000Z'), range('2026-03-05T10:00:00.000Z', { rangeSemitones: 27 })];
    show([assessment()]);
    const card = await screen.findByText(/^Your range \(5 Dec 2026\)/);
    expect(card.textContent).toBe(
      'Your range (5 Dec 2026): G2 to C5, 29 semitones — about two octaves and a half.',
    );
    expect(screen.getByText('Your range grew two semitones since March.')).toBeTruthy();
    const dsi = screen.getByTestId('health-dsi');
    expect(dsi.textContent).toContain(
      'Toward the typical end of the scale (+5 typical, −5 severely hoarse).',
    );
    expect(dsi.textContent).toContain('+3.7');
    expect(dsi.textContent).toContain(
      'From your range check of 5 Dec 2026 and your assessment of 4 Dec 2026.',
    );
  });

  it('says why the DSI is not worked out without a calibrated range', async () => {
    ranges = [
      range('2026-12-05T10:00:00.000Z', {
        levels: 'relative',
        softestDb: null,
        profile: [{ semitone: 43, minDb: -20, maxDb: 0 }],
      }),
    ];
    show([assessment()]);
    const dsi = await screen.findByText(/after calibrating this device/);
    expect(dsi.closest('[data-testid="health-dsi"]')?.textContent).toContain('not worked out yet');
  });

  it('says why without an assessment with the breath task', async () => {
    ranges = [range('2026-12-05T10:00:00.000Z')];
    show([assessment({ mptSeconds: null })]);
    expect(await screen.findByText(/a voice assessment with the breath task/)).toBeTruthy();
  });

  it('below level 6 says which level opens range checks, in both cards', async () => {
    tokens = 800;
    show([assessment()]);
    expect((await screen.findByTestId('health-range')).textContent).toContain(
      'Voice range tracking opens at level 6; you are at level 5',
    );
    expect(screen.getByTestId('health-dsi').textContent).toContain('It needs a range check.');
  });
});
