import type { OutboxItem, OutboxStore } from './outbox';

const DB_NAME = 'tuneful-outbox';
const STORE = 'writes';

/** Turns an IDBRequest into a promise. */
function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * The outbox kept in IndexedDB, so queued writes survive a reload, a closed tab and a
 * restarted browser, and every tab of the origin sees the same queue. One object store keyed
 * by the Idempotency-Key; the lists are small, so order is sorted in memory.
 */
export function indexedDbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE))
          req.result.createObjectStore(STORE, { keyPath: 'key' });
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema (a newer app version) closes this handle cleanly.
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
    // Resolve after the commit, so a write is on disk before the member is told it is saved.
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
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<OutboxItem[]>),
    put: async (item) => {
      await run('readwrite', (s) => s.put(item));
    },
    remove: async (key) => {
      await run('readwrite', (s) => s.delete(key));
    },
  };
}
