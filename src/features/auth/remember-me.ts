import { storageKeys } from '../../lib/storage-keys';

/** Spec: 'keep me signed in' lasts 30 days. */
export const REMEMBER_ME_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** Lives in sessionStorage: present while this browser session lasts, gone after a restart. */
const BROWSER_SESSION_MARK = 'tuneful_browser_session';

/** Called after a successful sign-in: store the flag and expiry, or remove both. */
export function recordRememberChoice(
  local: Storage,
  session: Storage,
  remember: boolean,
  nowMs: number,
): void {
  session.setItem(BROWSER_SESSION_MARK, '1');
  if (remember) {
    local.setItem(storageKeys.rememberMe, 'true');
    local.setItem(storageKeys.sessionExpiry, String(nowMs + REMEMBER_ME_DAYS * DAY_MS));
  } else {
    clearRemember(local);
  }
}

export function clearRemember(local: Storage): void {
  local.removeItem(storageKeys.rememberMe);
  local.removeItem(storageKeys.sessionExpiry);
}

/**
 * At start: should a stored sign-in be ended? Yes when 'keep me signed in' was chosen and its
 * 30 days are over, or when it was not chosen and the browser has been restarted since.
 * (The original product only cleared its flags and kept the session; members expect the
 * checkbox to mean something, so we sign out.)
 */
export function shouldEndStoredSignIn(
  local: Storage,
  session: Storage,
  nowMs: number,
  arrivingFromEmailLink = false,
): boolean {
  if (arrivingFromEmailLink) {
    // A verification or recovery link just signed this browser in: that is this browser session.
    session.setItem(BROWSER_SESSION_MARK, '1');
    return false;
  }
  const remembered = local.getItem(storageKeys.rememberMe) === 'true';
  if (remembered) {
    const expiry = Number(local.getItem(storageKeys.sessionExpiry));
    if (Number.isFinite(expiry) && expiry > nowMs) {
      session.setItem(BROWSER_SESSION_MARK, '1');
      return false;
    }
    clearRemember(local);
    return true;
  }
  return session.getItem(BROWSER_SESSION_MARK) !== '1';
}
