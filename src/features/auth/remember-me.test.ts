import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import {
  browserSessionMark,
  recordRememberChoice,
  shouldEndStoredSignIn,
  type BrowserSessionMark,
} from './remember-me';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
}

const DAY = 24 * 3600 * 1000;
let local: MemoryStorage;
let session: BrowserSessionMark;

/** A fresh browser: its cookie jar has no session cookies. */
function restartedBrowser(): BrowserSessionMark {
  return browserSessionMark({ cookie: '' });
}

/** One browser's cookie jar as tabs see it: writes add a cookie, reads list them all. */
function cookieJar(): { cookie: string } {
  const jar = new Map<string, string>();
  return {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair] = line.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!.trim(), v!.trim());
    },
  };
}

beforeEach(() => {
  local = new MemoryStorage();
  session = browserSessionMark(cookieJar());
});

describe('keep me signed in', () => {
  it('stores the flag and an expiry 30 days ahead when chosen', () => {
    recordRememberChoice(local, session, true, 1000);
    expect(local.getItem(storageKeys.rememberMe)).toBe('true');
    expect(Number(local.getItem(storageKeys.sessionExpiry))).toBe(1000 + 30 * DAY);
  });

  it('removes both entries when not chosen', () => {
    recordRememberChoice(local, session, true, 0);
    recordRememberChoice(local, session, false, 0);
    expect(local.getItem(storageKeys.rememberMe)).toBeNull();
    expect(local.getItem(storageKeys.sessionExpiry)).toBeNull();
  });

  it('keeps a remembered sign-in across a browser restart within 30 days', () => {
    recordRememberChoice(local, session, true, 0);
    expect(shouldEndStoredSignIn(local, restartedBrowser(), 29 * DAY)).toBe(false);
  });

  it('ends a remembered sign-in after 30 days and clears both entries', () => {
    recordRememberChoice(local, session, true, 0);
    expect(shouldEndStoredSignIn(local, session, 31 * DAY)).toBe(true);
    expect(local.getItem(storageKeys.rememberMe)).toBeNull();
  });

  it('keeps an unremembered sign-in while the browser stays open', () => {
    recordRememberChoice(local, session, false, 0);
    expect(shouldEndStoredSignIn(local, session, DAY)).toBe(false);
  });

  it('ends an unremembered sign-in after a browser restart', () => {
    recordRememberChoice(local, session, false, 0);
    expect(shouldEndStoredSignIn(local, restartedBrowser(), 1000)).toBe(true);
  });

  it('keeps the sign-in that an email link just made', () => {
    expect(shouldEndStoredSignIn(local, restartedBrowser(), 0, true)).toBe(false);
  });

  it('keeps an unremembered sign-in in a second tab of the same browser', () => {
    const jar = cookieJar();
    recordRememberChoice(local, browserSessionMark(jar), false, 0);
    // A new tab has its own sessionStorage but shares the cookie jar.
    expect(shouldEndStoredSignIn(local, browserSessionMark(jar), 1000)).toBe(false);
  });
});
