// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { useAuthStore } from '../auth/auth-store';
import type { Echoverse } from './echoverse-api';
import { EchoverseScreen } from './EchoverseScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let tokens = 1750;
let listing: Echoverse;
let posts: { url: string; body: unknown }[];

const NOTE = {
  id: 'a1a1a1a1-0000-4000-8000-000000000001',
  firstName: 'Cleo',
  title: 'A low hum',
  durationMs: 9000,
  sharedAt: '2026-12-01T09:30:00.000Z',
  echoes: 2,
  echoedByMe: false,
  mine: false,
};

beforeEach(() => {
  const member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  tokens = 1750;
  posts = [];
  listing = { notes: [NOTE], mine: [], sharesToday: 1, sharesPerDay: 3 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body ?? '{}')) });
        return json(url.endsWith('/echo') ? { echoes: 3 } : { reported: true });
      }
      if (url.includes('/dashboard'))
        return json({
          streaks: { current: 0, longest: 0 },
          user: { totalSessions: 1, currentStreak: 0, toneTokens: tokens },
          totals: { minutes: 1, sessions: 1 },
        });
      if (url === '/api/echoverse') return json(listing);
      return json({ error: 'not_found', message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EchoverseScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Echoverse screen', () => {
  it('below level 7 says what it is and which level opens it, with a way back to community', async () => {
    tokens = 800;
    renderScreen();
    expect(
      await screen.findByText(
        'Echoverse access opens at level 7; you are at level 5 (950 tone tokens to go).',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'back to community' }).getAttribute('href')).toBe('/community');
  });

  it('lists shared notes by first name and title, with the member’s own shares and their state', async () => {
    listing.mine = [
      {
        id: 'b1',
        voiceNoteId: 'v1',
        title: 'My siren',
        durationMs: 5000,
        sharedAt: '2026-12-01T08:00:00.000Z',
        echoes: 1,
        hidden: true,
        hiddenAt: '2026-12-01T10:00:00.000Z',
      },
    ];
    renderScreen();
    const note = await screen.findByRole('listitem', { name: 'A low hum' });
    expect(note.textContent).toContain('Cleo');
    expect(within(note).getByRole('button', { name: 'play A low hum, by Cleo' })).toBeTruthy();
    expect(within(note).getByText('9 seconds')).toBeTruthy();
    const mine = screen.getByTestId('my-share');
    expect(mine.textContent).toContain('Hidden until we review it: three members reported it.');
    expect(mine.textContent).toContain('1 echo');
    expect(screen.getByText(/You can share 2 more notes today/)).toBeTruthy();
  });

  it('offline, says the list is saved and listening needs a connection, and play waits', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen();
    expect(await nonEmptyText(screen.findByTestId('echoverse-offline'))).toBe(
      "You're offline. The list is saved on this device, but listening needs a connection.",
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'play A low hum, by Cleo' }).disabled).toBe(
      true,
    );
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'play all, one after another' }).disabled,
    ).toBe(true);
  });

  it('echoes a note, and reports one only with a reason', async () => {
    renderScreen();
    const note = await screen.findByRole('listitem', { name: 'A low hum' });
    fireEvent.click(within(note).getByRole('button', { name: /^echo Cleo's note A low hum/ }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([`/api/echoverse/${NOTE.id}/echo`]));

    fireEvent.click(within(note).getByRole('button', { name: 'report: A low hum' }));
    const dialog = await screen.findByRole('dialog', { name: 'report this note' });
    const send = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'report' });
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('reason'), { target: { value: ' Shouting ' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({ url: `/api/echoverse/${NOTE.id}/report`, body: { reason: 'Shouting' } }),
    );
    expect(await screen.findByText('Thank you. You will not hear this note again.')).toBeTruthy();
  });

  it('with nothing shared yet, says so and leads to the voice notes', async () => {
    listing = { notes: [], mine: [], sharesToday: 0, sharesPerDay: 3 };
    renderScreen();
    expect(await screen.findByText('No notes shared yet.')).toBeTruthy();
    expect(screen.getByText('You have not shared a note yet.')).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Share one of your voice notes' })[0]?.getAttribute('href'),
    ).toBe('/voice-notes');
  });
});
