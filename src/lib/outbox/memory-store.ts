import type { OutboxItem, OutboxStore } from './outbox';

/** An outbox kept in memory: for tests, and for browsers without IndexedDB (lost on reload). */
export function memoryOutboxStore(): OutboxStore & { items: Map<string, OutboxItem> } {
  const items = new Map<string, OutboxItem>();
  return {
    items,
    all: () => Promise.resolve([...items.values()].map((i) => ({ ...i }))),
    put: (item) => {
      items.set(item.key, { ...item });
      return Promise.resolve();
    },
    remove: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
}
