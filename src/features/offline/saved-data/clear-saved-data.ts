/** The IndexedDB database of saved screen data (src/features/offline/saved-data/saved-data-store.ts). */
export const SAVED_DATA_DB = 'tuneful-saved-data';

/** localStorage keys of answers a page was left before saving (./unload-copy.ts), one per member. */
export const UNLOAD_COPY_PREFIX = 'tuneful-saved-on-leave:';

/**
 * Removes every member's saved screens from this device (sign-out, account deletion, a sign-in
 * ended at start). Deleting the whole database needs no code of the store, so the first screen
 * that runs this stays small; an open connection closes itself on the version change.
 */
export function clearSavedData(
  factory: IDBFactory | undefined = globalThis.indexedDB,
  storage: Storage | undefined = globalThis.localStorage,
): Promise<void> {
  if (storage) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(UNLOAD_COPY_PREFIX)) storage.removeItem(key);
  }
  if (!factory) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const req = factory.deleteDatabase(SAVED_DATA_DB);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('The saved screens could not be deleted'));
    // Another tab still holds it open: it is deleted as soon as that tab lets go.
    req.onblocked = () => resolve();
  });
}
