// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Change = { sent: number; refused: { kind: string }[]; kept: boolean };
const listeners = new Set<(change: Change) => void>();

vi.mock('../../lib/outbox/offline-writes', () => ({
  getOutbox: () => ({ flush: () => Promise.resolve({ nextAttemptAt: null }) }),
  onOutboxChange: (listener: (change: Change) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  refreshPendingCount: () => Promise.resolve(),
}));
vi.mock('../toast/Toaster', () => ({}));

const { startOfflineSync } = await import('./start-sync');

function sentElsewhere(): void {
  // What another tab's outbox announces when it has sent a write.
  listeners.forEach((l) => l({ sent: 1, refused: [], kept: false }));
}

describe('offline sync: numbers refresh after another tab sends', () => {
  let online = true;
  let stop: () => void = () => undefined;
  let client: QueryClient;

  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    client = new QueryClient();
    stop = startOfflineSync(client);
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('asks every query again at once when this tab is online', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    sentElsewhere();
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('waits for this tab to be online before asking again (reads would fail and keep old numbers)', () => {
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    online = false;
    sentElsewhere();
    expect(invalidate).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    // Once: a later reconnect with nothing sent meanwhile asks nothing again.
    window.dispatchEvent(new Event('online'));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
