// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircleScreen } from './CircleScreen';
import { LiveSessionScreen } from './LiveSessionScreen';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const PUBLIC_CIRCLE = {
  id: 5,
  name: 'Speak up Tuesdays',
  description: '',
  sessionType: 'real_time',
  currentParticipants: 3,
  maxParticipants: 8,
  duration: 30,
  scheduledTime: '2026-12-08T18:00:00.000Z',
  focusArea: '',
  skillLevel: 'all',
  isPrivate: false,
  isMember: false,
  isCreator: false,
  members: [],
  template: null,
  hostName: 'Ana',
};

let calls: { method: string; url: string }[] = [];
function serve(answers: Record<string, () => Response>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      // Reads that tell times carry the device's zone (?tz=…): the answers are keyed without it.
      url = url.replace(/[?&]tz=[^&]*$/, '');
      calls.push({ method, url });
      const answer = answers[`${method} ${url}`];
      return Promise.resolve(answer ? answer() : json(500, { error: 'unexpected', message: url }));
    }),
  );
}

function renderLive() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/voice-circles/5/live']}>
        <Routes>
          <Route path="/voice-circles/:id/live" element={<LiveSessionScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a live circle session opened by someone who is not in the circle', () => {
  it('says whose circle it is and offers to join it, with no error', async () => {
    let joined = false;
    serve({
      'GET /api/voice-circles/5/live': () =>
        joined
          ? json(409, { error: 'not_open', message: 'This live session is not open yet.' })
          : json(403, {
              error: 'not_a_member',
              message: 'Join this circle to take part in its live sessions.',
            }),
      'GET /api/voice-circles/5': () => json(200, { ...PUBLIC_CIRCLE, isMember: joined }),
      'POST /api/voice-circles/5/join': () => {
        joined = true;
        return json(201, { ...PUBLIC_CIRCLE, isMember: true, newBadges: [] });
      },
    });
    renderLive();
    expect(await screen.findByText('Speak up Tuesdays is Ana’s circle.')).toBeTruthy();
    expect(screen.getByText(/Join it to take part in its live sessions/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Join the circle' }));
    // Joined: the live session is asked for again at once.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/voice-circles/5/live')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/voice-circles/5/join')).toBe(true);
  });

  it('says plainly that a private circle is private, with no error and no join button', async () => {
    const privateAnswer = () =>
      json(404, {
        error: 'circle_private',
        message:
          'This circle is private: only its members can see it. A member can send you its invite link.',
      });
    serve({ 'GET /api/voice-circles/5/live': privateAnswer, 'GET /api/voice-circles/5': privateAnswer });
    renderLive();
    expect(await screen.findByText('This circle is private')).toBeTruthy();
    expect(screen.getByText(/A member can send you its invite link/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
  });
});

describe('the circle’s own page opened by someone who is not in the circle', () => {
  function renderCircle() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/voice-circles/5']}>
          <Routes>
            <Route path="/voice-circles/:id" element={<CircleScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('says whose circle it is beside the way to join', async () => {
    serve({ 'GET /api/voice-circles/5': () => json(200, PUBLIC_CIRCLE) });
    renderCircle();
    expect(await screen.findByText('Speak up Tuesdays is Ana’s circle.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Join' })).toBeTruthy();
  });

  it('says plainly that a private circle is private, not that something failed', async () => {
    serve({
      'GET /api/voice-circles/5': () =>
        json(404, {
          error: 'circle_private',
          message: 'This circle is private: only its members can see it.',
        }),
    });
    renderCircle();
    expect(await screen.findByText('This circle is private')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
