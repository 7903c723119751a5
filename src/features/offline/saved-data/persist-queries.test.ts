import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVE_DELAY_MS, startSavedData } from './persist-queries';
import { useSavedDataStatus } from './saved-data-status';
import { memorySavedDataStore, type SavedDataStore } from './saved-data-store';
import { localStorageUnloadCopy, type UnloadCopy } from './unload-copy';
import { clearSavedData, UNLOAD_COPY_PREFIX } from './clear-saved-data';
import { memoryStorage } from '../../../lib/memory-storage';

/** The signed-in member, as the auth store would report it. */
function memberSource(initial: string | null) {
  let current = initial;
  const listeners = new Set<(id: string | null) => void>();
  return {
    current: () => current,
    subscribe: (l: (id: string | null) => void) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    switchTo: (id: string | null) => {
      current = id;
      for (const l of listeners) l(id);
    },
  };
}

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

async function answer(c: QueryClient, key: unknown[], data: unknown) {
  await c.fetchQuery({ queryKey: key, queryFn: async () => data });
}

/** Lets the debounced save and the store's promises finish. */
async function settle() {
  await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS + 10);
}

/** A page event target and document, so that the member can leave the page in a test. */
function stubPage(): EventTarget {
  const page = new EventTarget();
  vi.stubGlobal('window', page);
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
  return page;
}

let store: SavedDataStore;
let storage: Storage;
let onLeave: UnloadCopy;
beforeEach(() => {
  vi.useFakeTimers();
  store = memorySavedDataStore();
  storage = memoryStorage();
  onLeave = localStorageUnloadCopy(storage);
});
afterEach(() => vi.useRealTimers());

describe('saved screen data', () => {
  it('writes a save still waiting at once when the member leaves the page', async () => {
    const page = stubPage();
    try {
      const c = client();
      const stop = startSavedData(c, memberSource('ada'), store, onLeave);
      await settle();
      await answer(c, ['/api/users/ada/achievements'], [{ badgeId: 'first-steps' }]);
      // A reload right after the screen appeared: the page goes before the save's delay ends.
      page.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
      const saved = await store.get('ada');
      expect(saved?.queries.map((q) => q.queryKey)).toEqual([['/api/users/ada/achievements']]);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps what the page was left with when the write dies with it, and saves it at the next start', async () => {
    const page = stubPage();
    try {
      // The browser drops an IndexedDB write begun as the page goes: this store never finishes one.
      const dying: SavedDataStore = { get: store.get, put: () => new Promise<void>(() => undefined) };
      const c = client();
      startSavedData(c, memberSource('ada'), dying, onLeave);
      await settle();
      vi.setSystemTime(new Date('2026-11-27T09:15:00Z'));
      await answer(c, ['sessions', 'discover'], [{ id: 7 }]);
      page.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
      expect(await store.get('ada')).toBeNull();

      // The next page, offline: the answer is on screen with the time it arrived.
      const next = client();
      startSavedData(next, memberSource('ada'), store, onLeave);
      await settle();
      expect(next.getQueryData(['sessions', 'discover'])).toEqual([{ id: 7 }]);
      expect(next.getQueryState(['sessions', 'discover'])?.dataUpdatedAt).toBe(
        Date.parse('2026-11-27T09:15:00Z'),
      );
      // Now in the store, and the copy kept on leaving is gone.
      expect((await store.get('ada'))?.queries.map((q) => q.queryKey)).toEqual([['sessions', 'discover']]);
      expect(onLeave.read('ada')).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps nothing on leaving once everything is saved, and never copies what the store holds', async () => {
    const page = stubPage();
    try {
      await store.put({ memberId: 'ada', queries: [] });
      const c = client();
      startSavedData(c, memberSource('ada'), store, onLeave);
      await answer(c, ['sessions', 'latest'], [{ id: 1 }]);
      await settle();
      page.dispatchEvent(new Event('pagehide'));
      expect(onLeave.read('ada')).toEqual([]);

      // Restored from the store and left at once: the store has it already.
      const next = client();
      startSavedData(next, memberSource('ada'), store, onLeave);
      await vi.advanceTimersByTimeAsync(0);
      page.dispatchEvent(new Event('pagehide'));
      expect(onLeave.read('ada')).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('folds in the newest answer of each screen when two tabs were left unsaved', async () => {
    const older = { memberId: 'ada', queries: [] };
    await store.put(older);
    const at = (iso: string, data: unknown) => ({
      queryKey: ['sessions', 'latest'],
      queryHash: '["sessions","latest"]',
      state: { data, dataUpdatedAt: Date.parse(iso), status: 'success' },
    });
    onLeave.write('ada', 'tab-a', [at('2026-11-27T09:00:00Z', ['old']) as never]);
    onLeave.write('ada', 'tab-b', [at('2026-11-27T09:05:00Z', ['new']) as never]);
    const c = client();
    startSavedData(c, memberSource('ada'), store, onLeave);
    await settle();
    expect(c.getQueryData(['sessions', 'latest'])).toEqual(['new']);
    expect(onLeave.read('ada')).toEqual([]);
  });

  it('removes the copies kept on leaving at sign-out, with the saved screens', async () => {
    onLeave.write('ada', 'tab-a', []);
    storage.setItem('sb-auth-token', 'kept');
    await clearSavedData(undefined, storage);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i))).toEqual(['sb-auth-token']);
    expect(UNLOAD_COPY_PREFIX).toMatch(/^tuneful-/);
  });

  it("restores a member's answers at the next start, with the time they arrived", async () => {
    const first = client();
    const stop = startSavedData(first, memberSource('ada'), store, onLeave);
    await settle();
    vi.setSystemTime(new Date('2026-11-26T14:02:00Z'));
    await answer(first, ['/api/users/ada/dashboard'], { tokens: 20 });
    await settle();
    stop();

    vi.setSystemTime(new Date('2026-11-27T09:00:00Z'));
    const next = client();
    startSavedData(next, memberSource('ada'), store, onLeave);
    await settle();
    const state = next.getQueryState(['/api/users/ada/dashboard']);
    expect(next.getQueryData(['/api/users/ada/dashboard'])).toEqual({ tokens: 20 });
    expect(state?.dataUpdatedAt).toBe(Date.parse('2026-11-26T14:02:00Z'));
    // Marked invalid, so an online start refreshes it when a screen shows it.
    expect(state?.isInvalidated).toBe(true);
    expect(useSavedDataStatus.getState().restoring).toBe(false);
  });

  it("never restores one member's answers for another member", async () => {
    const first = client();
    const source = memberSource('ada');
    startSavedData(first, source, store, onLeave);
    await settle();
    await answer(first, ['sessions', 'latest'], [{ id: 1 }]);
    await settle();

    const next = client();
    startSavedData(next, memberSource('bea'), store, onLeave);
    await settle();
    expect(next.getQueryData(['sessions', 'latest'])).toBeUndefined();
  });

  it('keeps a screen opened earlier even after its query left memory', async () => {
    const first = client();
    startSavedData(first, memberSource('ada'), store, onLeave);
    await settle();
    await answer(first, ['/api/users/ada/calendar'], { days: [] });
    await settle();
    first.removeQueries({ queryKey: ['/api/users/ada/calendar'] });
    await answer(first, ['sessions', 'latest'], [{ id: 1 }]);
    await settle();
    const saved = await store.get('ada');
    expect(saved?.queries.map((q) => q.queryKey)).toEqual([
      ['/api/users/ada/calendar'],
      ['sessions', 'latest'],
    ]);
  });

  it('saves the last good answer when a refresh fails, not the failure', async () => {
    const c = client();
    startSavedData(c, memberSource('ada'), store, onLeave);
    await settle();
    await answer(c, ['/api/achievement-badges'], ['first']);
    await c
      .fetchQuery({
        queryKey: ['/api/achievement-badges'],
        queryFn: async () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
      })
      .catch(() => undefined);
    await answer(c, ['sessions', 'latest'], []);
    await settle();
    const saved = (await store.get('ada'))?.queries.find((q) => q.queryKey[0] === '/api/achievement-badges');
    expect(saved?.state).toMatchObject({ status: 'success', data: ['first'], error: null });
  });

  it('saves answers that arrived before it started (it loads after the first screen)', async () => {
    const c = client();
    await answer(c, ['sessions', 'latest'], [{ id: 1 }]);
    startSavedData(c, memberSource('ada'), store, onLeave);
    await settle();
    expect((await store.get('ada'))?.queries.map((q) => q.queryKey)).toEqual([['sessions', 'latest']]);
  });

  it('does not save signed audio URLs, downloads or the outbox', async () => {
    const c = client();
    startSavedData(c, memberSource('ada'), store, onLeave);
    await settle();
    await answer(c, ['signed-audio', 'a.mp3'], 'https://x/?token=secret');
    await answer(c, ['offline-downloads', 'list'], []);
    await answer(c, ['outbox', 'pending'], []);
    await answer(c, ['sessions', 'all'], []);
    await settle();
    expect((await store.get('ada'))?.queries.map((q) => q.queryKey[0])).toEqual(['sessions']);
  });

  it('writes nothing for a member who signed out', async () => {
    const c = client();
    const source = memberSource('ada');
    startSavedData(c, source, store, onLeave);
    await settle();
    await answer(c, ['sessions', 'all'], []);
    source.switchTo(null);
    await settle();
    expect(await store.get('ada')).toBeNull();
  });
});
