import type { AppDeps } from '../app-env';

type Listener = (userId: string) => Promise<void>;

/** Per app (its deps), so two apps in one test process never hear each other. */
const listeners = new WeakMap<AppDeps, Set<Listener>>();

/**
 * Lets long-lived things (the live circle streams) learn at once, in this process, that a
 * member lost some access: left a circle, signed out, had a session revoked, deleted the
 * account. The database is the truth and other processes read it on their beat
 * (server/api/circles/live.ts); this only saves this process the wait.
 */
export function onAccessEnded(deps: AppDeps, listener: Listener): void {
  let set = listeners.get(deps);
  if (!set) listeners.set(deps, (set = new Set()));
  set.add(listener);
}

/**
 * Tells every listener; resolves when they are done, so the request that ended the access
 * answers only after the member's streams were closed. A listener's failure is not the
 * caller's: its beat tries again within a second.
 */
export async function accessEnded(deps: AppDeps, userId: string): Promise<void> {
  const set = listeners.get(deps);
  if (!set) return;
  await Promise.all([...set].map((l) => l(userId).catch(() => undefined)));
}
