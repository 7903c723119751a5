/**
 * What the app does when a server refuses the member's access token (401): the session may
 * have been ended on another device (sign out everywhere, a password reset) or the token may
 * simply be stale. One refresh attempt per token; if that fails, or the refreshed token is
 * refused too, the member is signed out locally and told so. Every 401 of the burst that a
 * screen's parallel queries produce shares the same attempt, so a revoked session costs a
 * handful of requests instead of a loop.
 *
 * "One attempt per token" holds across pages, not only within one: a reload (or another tab)
 * while a page is handling a refusal used to start a second refresh with the same stored
 * session, or to land on sign-in without the notice because the page that knew why had gone.
 * So the attempt runs under a cross-page lock (a page being left releases it), and its state
 * is written to a record every page of the origin reads (`shared`): 'refreshing' before the
 * request goes out, 'refused' the moment it is refused. A page that gets the lock and finds its
 * token there does not ask the server again; a 'refreshing' left behind by a page that went
 * away counts as refused (the request reached the server, its answer was lost with the page).
 */
export interface GuardRecord {
  /** Which token: a fingerprint (the end of its signature), never the token itself. */
  token: string;
  state: 'refreshing' | 'refused';
  /** When it was written (ms): sign-in shows the notice for a refusal only while it is recent. */
  at: number;
}

export interface SharedGuardRecord {
  read: () => GuardRecord | null;
  write: (record: GuardRecord | null) => void;
}

export interface SessionGuardDeps {
  /** The access token the app currently holds, or null when signed out. */
  currentToken: () => string | null;
  /** Asks the auth service for a new access token; resolves to it, or null when refused. */
  refresh: () => Promise<string | null>;
  /** Removes the stored session on this device only (the server already ended it). */
  signOutLocally: () => Promise<void>;
  /** After a successful refresh: re-run what failed, once. */
  onRefreshed: () => void;
  /** After signing out: the sign-in screen says why. */
  onSignedOut: () => void;
  /** The record shared by every page of the origin (localStorage in the app). */
  shared: SharedGuardRecord;
  /** Runs fn while no other page runs its guard (Web Locks in the app; waits for the lock). */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  now: () => number;
}

export type GuardOutcome = 'ignored' | 'refreshed' | 'signed-out';

export interface SessionGuard {
  /** Report a 401 answered to a request sent with `tokenUsed`. */
  report401: (tokenUsed: string | null) => Promise<GuardOutcome>;
}

/** The last 24 characters of a JWT (its signature): tells tokens apart, useless as a credential. */
export function tokenFingerprint(token: string): string {
  return token.slice(-24);
}

export function createSessionGuard(deps: SessionGuardDeps): SessionGuard {
  let inFlight: Promise<GuardOutcome> | null = null;
  // The token our own refresh produced: if it is refused as well, refreshing again cannot help.
  let refreshedToken: string | null = null;
  // Tokens whose refresh was refused. One can come back (a session read that started before
  // the local sign-out resolves after it): it is signed out again without asking the server.
  const refused = new Set<string>();

  async function endSession(): Promise<GuardOutcome> {
    try {
      await deps.signOutLocally();
    } finally {
      deps.onSignedOut();
    }
    return 'signed-out';
  }

  const refuse = (token: string) => {
    refused.add(token);
    deps.shared.write({ token: tokenFingerprint(token), state: 'refused', at: deps.now() });
  };

  async function handle(tokenUsed: string): Promise<GuardOutcome> {
    if (tokenUsed === refreshedToken || refused.has(tokenUsed)) return endSession();
    const fingerprint = tokenFingerprint(tokenUsed);
    return deps.exclusive(async () => {
      // Another page may have settled it while this one waited for the lock.
      const current = deps.currentToken();
      if (current !== tokenUsed) {
        if (current !== null) {
          deps.onRefreshed();
          return 'refreshed';
        }
        if (deps.shared.read()?.token === fingerprint) deps.onSignedOut();
        return 'signed-out';
      }
      const record = deps.shared.read();
      if (record?.token === fingerprint) {
        // Refused, or tried by a page that went away before it heard the answer: not again.
        refuse(tokenUsed);
        return endSession();
      }
      deps.shared.write({ token: fingerprint, state: 'refreshing', at: deps.now() });
      let next: string | null = null;
      try {
        next = await deps.refresh();
      } catch {
        next = null;
      }
      if (!next) {
        refuse(tokenUsed);
        return endSession();
      }
      deps.shared.write(null);
      refreshedToken = next;
      deps.onRefreshed();
      return 'refreshed';
    });
  }

  return {
    report401(tokenUsed) {
      const current = deps.currentToken();
      // A visitor's request, or one sent with a token that has since been replaced: the new
      // token has not been refused, so there is nothing to do.
      if (!tokenUsed || !current || tokenUsed !== current) return Promise.resolve('ignored');
      if (!inFlight) {
        inFlight = handle(tokenUsed).finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
  };
}
