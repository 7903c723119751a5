import type { DehydratedState } from '@tanstack/react-query';
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

const STORE = 'members';

function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * One record per member, keyed by their id: a member's record is only ever read for that
 * member, so another member signing in on this device never sees it, even before the sign-out
 * clean-up has run. IndexedDB rather than localStorage: the catalogue alone is a few hundred
 * kilobytes, and writes must not block the page.
 */
export function indexedDbSavedDataStore(factory: IDBFactory = indexedDB): SavedDataStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(SAVED_DATA_DB, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE))
          req.result.createObjectStore(STORE, { keyPath: 'memberId' });
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => {
          db.close();
          opened = null;
        };
        resolve(db);
      };
      req.onerror = () => {
        opened = null;
        reject(req.error ?? new Error('IndexedDB could not be opened'));
      };
    }));

  const run = async <T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    const tx = db.transaction(STORE, mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await done(fn(tx.objectStore(STORE)));
    await committed;
    return result;
  };

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
