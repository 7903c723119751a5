import type { DehydratedState } from '@tanstack/react-query';
import { memoryStorage } from '../../../lib/memory-storage';
import { UNLOAD_COPY_PREFIX } from './clear-saved-data';

type DehydratedQuery = DehydratedState['queries'][number];

/** One page's answers kept as it was left, under its own key (tabs never write over each other). */
export interface LeftCopy {
  key: string;
  queries: DehydratedQuery[];
}

/**
 * The answers a page had not finished saving when it was left. IndexedDB cannot promise a write
 * begun as the page goes (Chromium aborts the transaction with the page: a screen left the moment
 * its answers arrived was lost every time), so the page hands them to localStorage, which takes
 * them at once, and the member's next start folds them into the saved copy.
 */
export interface UnloadCopy {
  write(memberId: string, pageId: string, queries: DehydratedQuery[]): void;
  /** Every page's copy for this member. */
  read(memberId: string): LeftCopy[];
  remove(key: string): void;
}

const keyOf = (memberId: string, pageId: string) => `${UNLOAD_COPY_PREFIX}${memberId}:${pageId}`;

export function localStorageUnloadCopy(storage: Storage): UnloadCopy {
  return {
    write(memberId, pageId, queries) {
      try {
        storage.setItem(keyOf(memberId, pageId), JSON.stringify(queries));
      } catch (err) {
        // Full (a big catalogue answer): the IndexedDB save is still tried, as before.
        console.warn('Could not keep the last answers while leaving the page', err);
      }
    },
    read(memberId) {
      const prefix = keyOf(memberId, '');
      const copies: LeftCopy[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (!key?.startsWith(prefix)) continue;
        try {
          const queries: unknown = JSON.parse(storage.getItem(key) ?? '[]');
          if (Array.isArray(queries)) copies.push({ key, queries: queries as DehydratedQuery[] });
        } catch {
          // A copy that cannot be read is dropped with the others once they are folded in.
          copies.push({ key, queries: [] });
        }
      }
      return copies;
    },
    remove: (key) => storage.removeItem(key),
  };
}

/** The device's copy (in memory where localStorage is missing: nothing survives a reload then). */
export function unloadCopy(): UnloadCopy {
  return localStorageUnloadCopy(typeof localStorage === 'undefined' ? memoryStorage() : localStorage);
}
