import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryTableReads } from './supabase';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Node 20 has no WebSocket; these tests open no realtime channel. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used here');
  }
}

/** A supabase-js client whose every request fails as fetch does with no network. */
function unreachableClient() {
  const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
  const client = createClient('http://127.0.0.1:9', 'anon-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
    realtime: { transport: NoRealtime as never },
  });
  return { client, fetch };
}

describe('table reads and the network', () => {
  it('offline, a table read fails at once: one request, no retries', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { client, fetch } = unreachableClient();
    const started = Date.now();
    const { error } = await client.from('sessions').select('*').retry(retryTableReads());
    expect(error).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    // At once, on this machine's clock: the retries alone would take 7 s.
    expect(Date.now() - started).toBeLessThan(scaledTimeout(500));
  });

  it('online, a failed table read keeps its three retries', async () => {
    vi.useFakeTimers();
    const { client, fetch } = unreachableClient();
    const read = client.from('sessions').select('*').retry(retryTableReads());
    const settled = read.then((r) => r);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    const { error } = await settled;
    expect(error).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(4);
  });
});
