// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pendingWrites } from '../../lib/outbox/pending-state';
import { PendingSyncNote } from './PendingSyncNote';

afterEach(() => {
  cleanup();
  pendingWrites.set(0);
  vi.restoreAllMocks();
});

describe('PendingSyncNote', () => {
  it('shows nothing when nothing waits, and says what waits offline and online', () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <MemoryRouter>
        <PendingSyncNote />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => pendingWrites.set(1));
    expect(screen.getByRole('status').textContent).toBe(
      "1 thing you saved offline will sync when you're back online See what's waiting",
    );
    expect(screen.getByRole('link', { name: "See what's waiting" }).getAttribute('href')).toBe(
      '/profile#waiting-to-sync',
    );
    act(() => pendingWrites.set(2));
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status').textContent).toBe(
      "2 things you saved offline are waiting to sync See what's waiting",
    );
    act(() => pendingWrites.set(0));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
