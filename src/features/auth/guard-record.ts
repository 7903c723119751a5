import { storageKeys } from '../../lib/storage-keys';
import type { GuardRecord, SharedGuardRecord } from './session-guard';

/** Sign-in says "You were signed out" for a refusal this recent (a reload, another tab). */
export const NOTICE_WINDOW_MS = 10 * 60_000;

/** The session guard's cross-page record in localStorage (every tab and reload of the origin sees it). */
export function localGuardRecord(storage: Storage): SharedGuardRecord {
  return {
    read() {
      try {
        const raw = storage.getItem(storageKeys.sessionGuard);
        const parsed = raw ? (JSON.parse(raw) as Partial<GuardRecord>) : null;
        if (!parsed || typeof parsed.token !== 'string' || typeof parsed.at !== 'number') return null;
        if (parsed.state !== 'refreshing' && parsed.state !== 'refused') return null;
        return { token: parsed.token, state: parsed.state, at: parsed.at };
      } catch {
        return null;
      }
    },
    write(record) {
      try {
        if (record) storage.setItem(storageKeys.sessionGuard, JSON.stringify(record));
        else storage.removeItem(storageKeys.sessionGuard);
      } catch {
        // Storage full or blocked: the in-page guard still holds, only the cross-page part is lost.
      }
    },
  };
}

/** True when a page of this origin recently signed the member out because the server refused the session. */
export function recentRefusal(shared: SharedGuardRecord, now: number): boolean {
  const record = shared.read();
  return record?.state === 'refused' && now - record.at < NOTICE_WINDOW_MS;
}

/**
 * Runs fn under the Web Lock every page's guard shares; the lock goes when its page goes, so a
 * reload never waits on the page it replaced. Without Web Locks (insecure origins) fn just runs.
 */
export function withGuardLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  // request() resolves with fn's own promise; then() flattens it for the type checker as well.
  return navigator.locks.request('tuneful-session-guard', fn).then((result) => result);
}
