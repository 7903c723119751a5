// @vitest-environment jsdom
import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryFn, setAccessTokenSource } from '../../lib/api';
import { getOutbox } from '../../lib/outbox/offline-writes';
import { useAuthStore } from '../auth/auth-store';
import { memoryNoteStore, notesOf, saveLocalNote, setLocalNoteStore } from './local-notes';
import type { MemoOptions, RecordedMemo } from './memo-recorder';
import { VoiceNotesScreen } from './VoiceNotesScreen';
import { nonEmptyText } from '../../lib/testing/non-empty-text';

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
let member = 'm0';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Server {
  tokens: number;
  account: {
    id: string;
    title: string;
    recordedAt: string;
    durationMs: number;
    mimeType: string;
    sizeBytes: number;
    keptAt: string;
  }[];
  calls: { method: string; url: string; body?: string }[];
}
let server: Server;

function fakeServer() {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    server.calls.push({ method, url, body: typeof init?.body === 'string' ? init.body : undefined });
    if (url.includes('/dashboard'))
      return json({
        streaks: { current: 0, longest: 0 },
        user: { totalSessions: 1, currentStreak: 0, toneTokens: server.tokens },
        totals: { minutes: 10, sessions: 1 },
      });
    if (url.startsWith('/api/auth/me')) return json({ id: member, firstName: 'Rosa Maria', lastName: 'L' });
    if (url === '/api/voice-notes' && method === 'GET')
      return json({ notes: server.account, usage: { usedBytes: 2048, quotaBytes: 25 * 1024 * 1024 } });
    if (url === '/api/echoverse') return json({ notes: [], mine: [], sharesToday: 0, sharesPerDay: 3 });
    return json({ error: 'not_found', message: 'nothing here' }, 404);
  });
}

/** A recorder that "records" until stopped, with a level, as the browser's would. */
function fakeStart(durationMs = 4200) {
  return async (opts: MemoOptions) => {
    setTimeout(() => opts.onLevel(0.6), 0);
    return {
      stop: async (): Promise<RecordedMemo> => ({
        audio: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
        mimeType: 'audio/webm;codecs=opus',
        durationMs,
      }),
      cancel: () => undefined,
    };
  };
}

function renderScreen(start = fakeStart()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: 'throw' }) } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VoiceNotesScreen start={start} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  member = `m${Math.random().toString(36).slice(2)}`;
  setAccessTokenSource(() => Promise.resolve(`${b64url({ alg: 'HS256' })}.${b64url({ sub: member })}.sig`));
  useAuthStore.setState({ user: { id: member, user_metadata: {} } as unknown as User, loading: false });
  setLocalNoteStore(memoryNoteStore());
  server = { tokens: 150, account: [], calls: [] };
  vi.stubGlobal('fetch', fakeServer());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const localNote = (id: string, title: string, durationMs = 5000) => ({
  id,
  userId: member,
  title,
  recordedAt: '2026-12-01T09:30:00.000Z',
  durationMs,
  mimeType: 'audio/webm',
  sizeBytes: 3,
  audio: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
});

describe('voice notes screen', () => {
  it('below level 2 says what voice notes are and which level opens them', async () => {
    server.tokens = 40;
    renderScreen();
    expect(await screen.findByTestId('feature-locked')).toBeTruthy();
    expect(
      screen.getByText('Voice notes opens at level 2; you are at level 1 (60 tone tokens to go).'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
    expect(screen.getByRole('link', { name: 'back to profile' })).toBeTruthy();
  });

  it('records with a level meter and a stop, then saves the titled note on this device only', async () => {
    renderScreen();
    expect(await screen.findByText('No voice notes yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    const stop = await screen.findByRole('button', { name: 'Stop recording' });
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'microphone level' }).getAttribute('aria-valuenow')).toBe(
        '60',
      ),
    );
    fireEvent.click(stop);
    const review = await screen.findByTestId('note-review');
    expect(within(review).getByText('4 seconds, on this device only')).toBeTruthy();
    const title = within(review).getByLabelText<HTMLInputElement>('title');
    expect(title.value).toMatch(/^Voice note, /);
    fireEvent.change(title, { target: { value: '  A phrase for Friday ' } });
    fireEvent.click(within(review).getByRole('button', { name: 'save on this device' }));
    const card = await screen.findByRole('listitem', { name: 'A phrase for Friday' });
    expect(within(card).getByTestId('note-where').textContent).toBe('on this device only');
    expect(within(card).getByRole('button', { name: 'keep in my account' })).toBeTruthy();
    // The audio never left the device: nothing but reads were sent.
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('refuses a take shorter than half a second in words', async () => {
    renderScreen(fakeStart(200));
    fireEvent.click(await screen.findByRole('button', { name: 'Start recording' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect(await nonEmptyText(screen.findByRole('alert'))).toContain('That was too short to keep');
  });

  it('lists the device’s and the account’s notes together, with where each is kept and its length', async () => {
    await saveLocalNote(localNote('b0b0b0b0-0000-4000-8000-000000000001', 'Only here'));
    await saveLocalNote(localNote('b0b0b0b0-0000-4000-8000-000000000002', 'Both places'));
    server.account = [
      {
        id: 'b0b0b0b0-0000-4000-8000-000000000002',
        title: 'Both places',
        recordedAt: '2026-12-01T09:30:00.000Z',
        durationMs: 5000,
        mimeType: 'audio/webm',
        sizeBytes: 3,
        keptAt: '2026-12-01T09:31:00.000Z',
      },
      {
        id: 'b0b0b0b0-0000-4000-8000-000000000003',
        title: 'From my phone',
        recordedAt: '2026-12-02T09:30:00.000Z',
        durationMs: 65_000 - 5000,
        mimeType: 'audio/mp4',
        sizeBytes: 3,
        keptAt: '2026-12-02T09:31:00.000Z',
      },
    ];
    renderScreen();
    const where = async (name: string) =>
      within(await screen.findByRole('listitem', { name })).getByTestId('note-where').textContent;
    expect(await where('From my phone')).toBe('in your account');
    expect(await where('Both places')).toBe('on this device and in your account');
    expect(await where('Only here')).toBe('on this device only');
    const phone = screen.getByRole('listitem', { name: 'From my phone' });
    expect(within(phone).getByText('1 minute')).toBeTruthy();
    expect(within(phone).getByRole('button', { name: 'save on this device' })).toBeTruthy();
    expect(screen.getByText(/use 2 KB of 25 MB/)).toBeTruthy();
    // Level 2 only: no sharing yet, and the screen says when it comes.
    expect(screen.queryByRole('button', { name: /^share to the Echoverse/ })).toBeNull();
    expect(screen.getByText(/From level 7 you can share short ones to the Echoverse/)).toBeTruthy();
  });

  it('offline, "keep in my account" waits in the outbox and the note says so', async () => {
    await saveLocalNote(localNote('c0c0c0c0-0000-4000-8000-000000000001', 'Keep me'));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'Keep me' });
    fireEvent.click(within(card).getByRole('button', { name: 'keep in my account' }));
    await waitFor(() =>
      expect(within(card).getByTestId('note-where').textContent).toBe(
        'on this device, waiting to sync to your account',
      ),
    );
    const queued = (await getOutbox().pending(member)).find((i) => i.kind === 'voice-note-keep');
    expect(queued?.body).toMatchObject({
      id: 'c0c0c0c0-0000-4000-8000-000000000001',
      title: 'Keep me',
      audio: 'AQID',
    });
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offline, deleting a note kept in the account is refused in words and nothing is deleted', async () => {
    const id = 'd0d0d0d0-0000-4000-8000-000000000001';
    await saveLocalNote(localNote(id, 'Kept'));
    server.account = [
      {
        id,
        title: 'Kept',
        recordedAt: '2026-12-01T09:30:00.000Z',
        durationMs: 5000,
        mimeType: 'audio/webm',
        sizeBytes: 3,
        keptAt: '2026-12-01T09:31:00.000Z',
      },
    ];
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'Kept' });
    await waitFor(() =>
      expect(within(card).getByTestId('note-where').textContent).toContain('in your account'),
    );
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(within(card).getByRole('button', { name: 'delete: Kept' }));
    const dialog = await screen.findByRole('dialog', { name: 'delete this note?' });
    expect(dialog.textContent).toContain('“Kept” is deleted from this device and from your account.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "You're offline. Deleting a note kept in your account needs a connection: try again when you're back online.",
    );
    expect(await notesOf(member)).toHaveLength(1);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('at level 7 offers sharing for notes up to 30 seconds, showing what others will see', async () => {
    server.tokens = 1750;
    await saveLocalNote(localNote('e0e0e0e0-0000-4000-8000-000000000001', 'Short one', 12_000));
    await saveLocalNote(localNote('e0e0e0e0-0000-4000-8000-000000000002', 'Long one', 45_000));
    renderScreen();
    const long = await screen.findByRole('listitem', { name: 'Long one' });
    expect(within(long).getByText('Notes up to 30 seconds can be shared to the Echoverse.')).toBeTruthy();
    const short = screen.getByRole('listitem', { name: 'Short one' });
    fireEvent.click(await within(short).findByRole('button', { name: 'share to the Echoverse: Short one' }));
    const dialog = await screen.findByRole('dialog', { name: 'share to the Echoverse' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('share-preview').textContent).toBe('Rosa · Short one · 0:12'),
    );
  });
});
