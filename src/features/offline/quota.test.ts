import { describe, expect, it } from 'vitest';
import { checkRoom, formatBytes, MIN_FREE_BYTES, notEnoughRoomMessage } from './quota';

const MB = 1024 * 1024;

describe('checkRoom', () => {
  it('allows a download that leaves a tenth of the quota free', () => {
    expect(checkRoom({ quota: 1000 * MB, usage: 100 * MB }, 700 * MB)).toEqual({
      ok: true,
      available: 800 * MB,
    });
  });
  it('refuses one that would eat into the margin, saying what is needed and what is available', () => {
    expect(checkRoom({ quota: 1000 * MB, usage: 100 * MB }, 801 * MB)).toEqual({
      ok: false,
      available: 800 * MB,
      needed: 801 * MB,
    });
  });
  it('keeps at least 10 MB free on a small quota', () => {
    const r = checkRoom({ quota: 20 * MB, usage: 5 * MB }, 6 * MB);
    expect(r).toEqual({ ok: false, available: 20 * MB - 5 * MB - MIN_FREE_BYTES, needed: 6 * MB });
  });
  it('a full origin has nothing available', () => {
    expect(checkRoom({ quota: 50 * MB, usage: 49 * MB }, 1)).toEqual({ ok: false, available: 0, needed: 1 });
  });
  it('an unknown estimate lets the write decide', () => {
    expect(checkRoom(null, 10 * MB)).toEqual({ ok: true, available: null });
    expect(checkRoom({}, 10 * MB)).toEqual({ ok: true, available: null });
  });
});

describe('formatBytes and the message', () => {
  it('reads like a file manager', () => {
    expect(formatBytes(0)).toBe('1 KB');
    expect(formatBytes(850_000)).toBe('850 KB');
    expect(formatBytes(4_210_000)).toBe('4.2 MB');
    expect(formatBytes(1_300_000_000)).toBe('1.3 GB');
  });
  it('names both sizes and what to do', () => {
    const text = notEnoughRoomMessage(4_000_000, 1_000_000);
    expect(text).toContain('needs 4.0 MB');
    expect(text).toContain('about 1.0 MB');
    expect(text).toContain('Remove a download in your profile');
  });
});
