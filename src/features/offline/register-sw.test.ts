// @vitest-environment jsdom
import type { Session } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/auth-store';
import { CATALOGUE_CACHE, DOWNLOADS_CACHE } from './cache-keys';
import { useNetworkStore } from './network-store';
import { startOffline } from './register-sw';

afterEach(() => vi.unstubAllGlobals());

describe('startOffline', () => {
  it('signing out deletes the downloads and the catalogue copy; signing in or refreshing does not', async () => {
    const del = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: del });
    startOffline();
    const session = { access_token: 'a' } as Session;
    useAuthStore.setState({ session });
    useAuthStore.setState({ session: { access_token: 'b' } as Session });
    expect(del).not.toHaveBeenCalled();
    useAuthStore.setState({ session: null });
    await vi.waitFor(() => expect(del).toHaveBeenCalledTimes(2));
    expect(del.mock.calls.map((c) => (c as unknown[])[0]).sort()).toEqual(
      [CATALOGUE_CACHE, DOWNLOADS_CACHE].sort(),
    );
  });

  it("follows the browser's online and offline events", () => {
    vi.stubGlobal('caches', { delete: vi.fn(async () => true) });
    startOffline();
    window.dispatchEvent(new Event('offline'));
    expect(useNetworkStore.getState().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(useNetworkStore.getState().online).toBe(true);
  });
});
