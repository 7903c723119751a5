/**
 * What the app does when a server refuses the member's access token (401): the session may
 * have been ended on another device (sign out everywhere, a password reset) or the token may
 * simply be stale. One refresh attempt per token; if that fails, or the refreshed token is
 * refused too, the member is signed out locally and told so. Every 401 of the burst that a
 * screen's parallel queries produce shares the same attempt, so a revoked session costs a
 * handful of requests instead of a loop.
 */
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
}

export type GuardOutcome = 'ignored' | 'refreshed' | 'signed-out';

export interface SessionGuard {
  /** Report a 401 answered to a request sent with `tokenUsed`. */
  report401: (tokenUsed: string | null) => Promise<GuardOutcome>;
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

  async function handle(tokenUsed: string): Promise<GuardOutcome> {
    if (tokenUsed === refreshedToken || refused.has(tokenUsed)) return endSession();
    let next: string | null = null;
    try {
      next = await deps.refresh();
    } catch {
      next = null;
    }
    if (!next) {
      refused.add(tokenUsed);
      return endSession();
    }
    refreshedToken = next;
    deps.onRefreshed();
    return 'refreshed';
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
