/**
 * How many writes of the signed-in member wait in the outbox, for the "waiting to sync" note.
 * A tiny external store (useSyncExternalStore), kept apart from the IndexedDB code so the
 * shell can show the note without loading the outbox.
 */
let count = 0;
const listeners = new Set<() => void>();

export const pendingWrites = {
  get: (): number => count,
  set(next: number): void {
    if (next === count) return;
    count = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
