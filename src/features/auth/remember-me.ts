import { storageKeys } from '../../lib/storage-keys';

/** Spec: 'keep me signed in' lasts 30 days. */
export const REMEMBER_ME_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/**
 * "This browser is still the one that signed in": set while the browser runs, gone after a
 * restart, and the same in every tab. sessionStorage is per tab (a second tab would look like
 * a restarted browser and sign every tab out), so the mark is a session cookie: no expiry,
 * so the browser drops it when it quits. It is never sent anywhere useful (the server ignores
 * it) and holds no secret.
 */
export interface BrowserSessionMark {
  isSet: () => boolean;
  set: () => void;
}

const BROWSER_SESSION_COOKIE = 'tuneful_browser_session';

export function browserSessionMark(doc: Pick<Document, 'cookie'> = document): BrowserSessionMark {
  return {
    isSet: () => doc.cookie.split(';').some((c) => c.trim() === `${BROWSER_SESSION_COOKIE}=1`),
    set: () => {
      const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
      doc.cookie = `${BROWSER_SESSION_COOKIE}=1; Path=/; SameSite=Strict${secure}`;
    },
  };
}

/** Called after a successful sign-in: store the flag and expiry, or remove both. */
export function recordRememberChoice(
  local: Storage,
  mark: BrowserSessionMark,
  remember: boolean,
  nowMs: number,
): void {
  mark.set();
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
  mark: BrowserSessionMark,
  nowMs: number,
  arrivingFromEmailLink = false,
): boolean {
  if (arrivingFromEmailLink) {
    // A verification or recovery link just signed this browser in: that is this browser session.
    mark.set();
    return false;
  }
  const remembered = local.getItem(storageKeys.rememberMe) === 'true';
  if (remembered) {
    const expiry = Number(local.getItem(storageKeys.sessionExpiry));
    if (Number.isFinite(expiry) && expiry > nowMs) {
      mark.set();
      return false;
    }
    clearRemember(local);
    return true;
  }
  return !mark.isSet();
}
