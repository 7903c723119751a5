import { idbObjectStore } from '../idb-object-store';
import type { OutboxItem, OutboxStore } from './outbox';

/**
 * The outbox kept in IndexedDB, so queued writes survive a reload, a closed tab and a
 * restarted browser, and every tab of the origin sees the same queue. One object store keyed
 * by the Idempotency-Key; the lists are small, so order is sorted in memory.
 */
export function indexedDbOutboxStore(factory: IDBFactory = indexedDB): OutboxStore {
  const run = idbObjectStore(factory, 'tuneful-outbox', 'writes', 'key');
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
