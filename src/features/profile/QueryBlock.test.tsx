// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSavedDataStatus } from '../offline/saved-data/saved-data-status';
import { QueryBlock } from './QueryBlock';

afterEach(cleanup);
// The saving code has started and read back what this device had (nothing).
beforeEach(() => useSavedDataStatus.setState({ restoring: false }));

const query = (over: Partial<Parameters<typeof QueryBlock<string[]>>[0]['query']>) => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

function renderBlock(q: ReturnType<typeof query>) {
  return render(
    <QueryBlock
      query={q}
      what="your reflections"
      isEmpty={(d) => d.length === 0}
      emptyText="no reflections yet"
    >
      {(d) => <p>{d.join(', ')}</p>}
    </QueryBlock>,
  );
}

describe('QueryBlock', () => {
  it('shows loading while pending', () => {
    renderBlock(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toContain('loading');
  });

  it('shows a readable error with a retry, never the raw error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const q = query({ isError: true, error: new Error('500: secret stack') });
    renderBlock(q);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain("We couldn't load your reflections just now.");
    expect(alert.textContent).not.toContain('secret');
    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('shows saved data with when it was saved instead of an error when the refresh could not reach the server', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const savedAt = Date.now() - 60_000;
    renderBlock(
      query({ data: ['a'], dataUpdatedAt: savedAt, isError: true, error: new TypeError('Failed to fetch') }),
    );
    expect(screen.getByText('a')).toBeTruthy();
    expect(screen.getByTestId('saved-note').textContent).toMatch(/^Saved (\d{2}:\d{2}|yesterday)$/);
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });

  it('says it needs a connection, with a retry, when nothing was saved and the network is out of reach', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const q = query({ isPending: true, isError: true, error: new TypeError('Failed to fetch') });
    renderBlock(q);
    expect(screen.getByText('This needs a connection.')).toBeTruthy();
    expect(screen.queryByText('loading…')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'try again' }));
    expect(q.refetch).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('shows the empty text, then the content', () => {
    renderBlock(query({ data: [] }));
    expect(screen.getByText('no reflections yet')).toBeTruthy();
    cleanup();
    renderBlock(query({ data: ['a', 'b'] }));
    expect(screen.getByText('a, b')).toBeTruthy();
  });
});
