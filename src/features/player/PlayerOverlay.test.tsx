// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../sessions/queries';
import type { Session } from '../sessions/session';
import { useToastStore } from '../toast/toast-store';
import { PlayerOverlay } from './PlayerOverlay';
import { usePlayerStore } from './player-store';

const single = vi.fn();
vi.mock('../../lib/supabase', () => ({
  supabase: () => ({ from: () => ({ select: () => ({ retry: () => ({ eq: () => ({ single }) }) }) }) }),
  retryTableReads: () => true,
}));

// The full player (audio, dialogs) is not what these tests are about: whether it is shown is.
vi.mock('./SessionPlayer', () => ({
  SessionPlayer: ({ session }: { session: Session }) => <p data-testid="player">{session.title}</p>,
}));

function renderOverlay(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <PlayerOverlay />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const lastToast = () => useToastStore.getState().toasts[0];

describe('PlayerOverlay', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useToastStore.setState({ toasts: [] });
    usePlayerStore.getState().close();
    single.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the invalid session toast and closes when the id is not a number', async () => {
    renderOverlay();
    await act(async () => usePlayerStore.getState().open(Number.NaN));
    expect(lastToast()).toMatchObject({ title: 'Error', description: 'Invalid session ID' });
    expect(usePlayerStore.getState().activeSessionId).toBeNull();
    expect(single).not.toHaveBeenCalled();
  });

  it('shows could not load session and closes when the session read fails', async () => {
    single.mockResolvedValueOnce({ data: null, error: { message: 'boom' } });
    renderOverlay();
    await act(async () => usePlayerStore.getState().open(7));
    await vi.waitFor(() => expect(lastToast()?.title).toBe('Could not load session'));
    expect(usePlayerStore.getState().activeSessionId).toBeNull();
  });

  it('keeps a session it holds open when refreshing it fails (offline, restored from the device)', async () => {
    // The member opened this session online once, so its row was saved on the device; at the
    // next start offline it is restored and marked invalid (persist-queries.ts), and opening the
    // player asks the network again. The refresh failing is no reason to close a player that has
    // the session: it used to close a downloaded session a few seconds into playing it offline.
    const session: Session = {
      id: 7,
      title: 'morning breath and hum',
      description: '',
      coverColor: null,
      voicePath: 'guided/007-voice.mp3',
      instrPath: 'guided/007-instrumental.mp3',
      lengthSec: 270,
      skillLevel: null,
      category: [],
      moods: [],
      tags: '',
      intentions: [],
      musicians: [],
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(sessionKeys.byId(7), session);
    await client.invalidateQueries({ queryKey: sessionKeys.byId(7) });
    single.mockResolvedValueOnce({ data: null, error: { message: 'TypeError: Failed to fetch' } });
    const view = renderOverlay(client);
    await act(async () => usePlayerStore.getState().open(7));
    await vi.waitFor(() => expect(client.getQueryState(sessionKeys.byId(7))?.status).toBe('error'));
    expect(single).toHaveBeenCalledTimes(1);
    await act(async () => undefined);
    expect(usePlayerStore.getState().activeSessionId).toBe(7);
    expect(view.getByTestId('player').textContent).toBe('morning breath and hum');
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});
