// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkFailure, reportOffline, reportOnline, useNetworkStore } from './network-store';
import { OfflineIndicator } from './OfflineIndicator';
import { UpdatePrompt } from './UpdatePrompt';

afterEach(() => {
  cleanup();
  act(() => useNetworkStore.setState({ online: true, applyUpdate: null }));
});

describe('UpdatePrompt', () => {
  it('says nothing until an update waits, then Reload now applies it', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByText('A new version of Tuneful is ready.')).toBeNull();
    const apply = vi.fn();
    act(() => useNetworkStore.setState({ applyUpdate: apply }));
    expect(screen.getByRole('status').textContent).toContain('A new version of Tuneful is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
  it('Later hides it for this visit without applying', () => {
    const apply = vi.fn();
    act(() => useNetworkStore.setState({ applyUpdate: apply }));
    render(<UpdatePrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Tuneful is ready.')).toBeNull();
    expect(apply).not.toHaveBeenCalled();
  });
});

describe('OfflineIndicator', () => {
  const wrap = (client: QueryClient) =>
    render(
      <QueryClientProvider client={client}>
        <OfflineIndicator />
      </QueryClientProvider>,
    );

  it('is a polite status that fills when offline and empties when back', () => {
    wrap(new QueryClient());
    const region = screen.getByTestId('offline-indicator');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    act(() => reportOffline());
    expect(region.textContent).toContain("You're offline.");
    act(() => reportOnline());
    expect(region.textContent).toBe('');
  });

  it('a query that fails to reach the server counts as offline; a later success clears it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    wrap(client);
    await act(async () => {
      await client
        .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) })
        .catch(() => undefined);
    });
    expect(screen.getByTestId('offline-indicator').textContent).toContain("You're offline.");
    await act(async () => {
      await client.fetchQuery({ queryKey: ['y'], queryFn: () => Promise.resolve(1) });
    });
    expect(screen.getByTestId('offline-indicator').textContent).toBe('');
  });
});

describe('isNetworkFailure', () => {
  it('knows fetch failures from the engines and supabase-js, not answers from the server', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new Error('TypeError: NetworkError when attempting to fetch resource.'))).toBe(
      true,
    );
    expect(isNetworkFailure(new Error('Load failed'))).toBe(true);
    expect(isNetworkFailure(new Error('JWT expired'))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
