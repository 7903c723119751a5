/** Turns an IDBRequest into a promise. */
function done<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** One request on the object store, in its own transaction, resolved once that has committed. */
export type RunInStore = <T>(
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
) => Promise<T>;

/**
 * One object store of an IndexedDB database of its own (version 1), opened on first use and
 * kept open. The outbox and the saved screens each have one.
 */
export function idbObjectStore(
  factory: IDBFactory,
  dbName: string,
  storeName: string,
  keyPath: string,
): RunInStore {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = factory.open(dbName, 1);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(storeName))
          req.result.createObjectStore(storeName, { keyPath });
      };
      req.onsuccess = () => {
        const db = req.result;
        // Another tab upgrading the schema (a newer app version) or deleting the database (a
        // sign-out) closes this handle cleanly; the next request opens it again.
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

  return async (mode, fn) => {
    const db = await open();
    const tx = db.transaction(storeName, mode);
    // Resolve after the commit, so a write is on disk before anyone is told it is saved.
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await done(fn(tx.objectStore(storeName)));
    await committed;
    return result;
  };
}
