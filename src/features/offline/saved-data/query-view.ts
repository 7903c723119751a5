import { isNetworkFailure } from '../network-store';

/** The part of a TanStack Query result a screen decides from. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  dataUpdatedAt?: number;
}

/**
 * What a data block shows. Saved data always wins over a spinner or an error: `savedAt` is set
 * when the data on screen could not be refreshed from the network (offline, a failed refresh, or
 * restored from the device and not refreshed yet), so the screen says when it was saved.
 */
export type QueryView<T> =
  | { kind: 'data'; data: T; savedAt: number | null }
  | { kind: 'loading' }
  /** Nothing saved on this device, and no network to ask: say so in words, with a retry. */
  | { kind: 'needs-connection' }
  | { kind: 'error' };

export interface ViewContext {
  online: boolean;
  /** The member's saved answers are still being read back from the device. */
  restoring: boolean;
  /** When this page was loaded: anything older came from the device, not from this visit. */
  pageStartedAt: number;
}

export function viewOf<T>(q: QueryLike<T>, ctx: ViewContext): QueryView<T> {
  if (q.data !== undefined) {
    const updatedAt = q.dataUpdatedAt ?? 0;
    const notRefreshed =
      !ctx.online ||
      q.isError ||
      q.fetchStatus === 'paused' ||
      (updatedAt < ctx.pageStartedAt && q.fetchStatus !== 'fetching');
    return { kind: 'data', data: q.data, savedAt: notRefreshed && updatedAt > 0 ? updatedAt : null };
  }
  const unreachable = q.fetchStatus === 'paused' || (q.isError && (!ctx.online || isNetworkFailure(q.error)));
  if (unreachable) return ctx.restoring ? { kind: 'loading' } : { kind: 'needs-connection' };
  if (q.isError) return { kind: 'error' };
  return { kind: 'loading' };
}

/** The oldest of several saved times (a screen built from several reads shows one note). */
export function oldestSavedAt(views: QueryView<unknown>[]): number | null {
  const times = views.flatMap((v) => (v.kind === 'data' && v.savedAt !== null ? [v.savedAt] : []));
  return times.length ? Math.min(...times) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Saved 14:02" today, "Saved yesterday", otherwise "Saved 3 Nov" (with the year when it is not
 * this year's), in the device's time zone: the member reads it against their own clock.
 */
export function savedNoteText(savedAt: number, now: number): string {
  const saved = new Date(savedAt);
  const today = new Date(now);
  const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((dayStart(today) - dayStart(saved)) / 86_400_000);
  if (days <= 0) return `Saved ${pad(saved.getHours())}:${pad(saved.getMinutes())}`;
  if (days === 1) return 'Saved yesterday';
  const year = saved.getFullYear() === today.getFullYear() ? '' : ` ${saved.getFullYear()}`;
  return `Saved ${saved.getDate()} ${MONTHS[saved.getMonth()]}${year}`;
}
