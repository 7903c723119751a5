import type { DehydratedState } from '@tanstack/react-query';
import { idbObjectStore } from '../../../lib/idb-object-store';
import { SAVED_DATA_DB } from './clear-saved-data';

/** What one member's screens last showed: their query answers, each with when it arrived. */
export interface SavedRecord {
  memberId: string;
  queries: DehydratedState['queries'];
}

/** Where saved screen data lives; IndexedDB in the browser, a Map in unit tests. */
export interface SavedDataStore {
  get(memberId: string): Promise<SavedRecord | null>;
  put(record: SavedRecord): Promise<void>;
}

/**
 * One record per member, keyed by their id: a member's record is only ever read for that
 * member, so another member signing in on this device never sees it, even before the sign-out
 * clean-up has run. IndexedDB rather than localStorage: the catalogue alone is a few hundred
 * kilobytes, and writes must not block the page.
 */
export function indexedDbSavedDataStore(factory: IDBFactory = indexedDB): SavedDataStore {
  const run = idbObjectStore(factory, SAVED_DATA_DB, 'members', 'memberId');
  return {
    get: async (memberId) =>
      (await run('readonly', (s) => s.get(memberId) as IDBRequest<SavedRecord | undefined>)) ?? null,
    put: async (record) => {
      await run('readwrite', (s) => s.put(record));
    },
  };
}

export function memorySavedDataStore(): SavedDataStore {
  const records = new Map<string, SavedRecord>();
  return {
    get: async (memberId) => structuredClone(records.get(memberId) ?? null),
    put: async (record) => {
      records.set(record.memberId, structuredClone(record));
    },
  };
}

let shared: SavedDataStore | null = null;

/** The device's store (memory where IndexedDB is missing: nothing survives a reload then). */
export function savedDataStore(): SavedDataStore {
  return (shared ??= typeof indexedDB === 'undefined' ? memorySavedDataStore() : indexedDbSavedDataStore());
}
