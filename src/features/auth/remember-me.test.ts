import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { recordRememberChoice, shouldEndStoredSignIn } from './remember-me';

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
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
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
    expect(shouldEndStoredSignIn(local, new MemoryStorage(), 29 * DAY)).toBe(false);
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
    expect(shouldEndStoredSignIn(local, new MemoryStorage(), 1000)).toBe(true);
  });

  it('keeps the sign-in that an email link just made', () => {
    expect(shouldEndStoredSignIn(local, new MemoryStorage(), 0, true)).toBe(false);
  });
});
