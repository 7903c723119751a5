// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../toast/toast-store';
import { PlayerOverlay } from './PlayerOverlay';
import { usePlayerStore } from './player-store';

const single = vi.fn();
vi.mock('../../lib/supabase', () => ({
  supabase: () => ({ from: () => ({ select: () => ({ eq: () => ({ single }) }) }) }),
}));

function renderOverlay() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
});
