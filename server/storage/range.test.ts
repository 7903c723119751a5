import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('parseRange', () => {
  it('serves the whole file without a Range header', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
  });

  it('reads closed, open-ended and suffix ranges, clamping the end', () => {
    expect(parseRange('bytes=0-1', 100)).toEqual({ kind: 'partial', start: 0, end: 1 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
  });

  it('marks ranges that start past the end, empty suffixes and any range of an empty file unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores malformed, reversed and multi-part ranges, which a full answer satisfies', () => {
    for (const h of ['items=0-1', 'bytes=5-2', 'bytes=0-1,5-6', 'bytes=-', 'bytes=a-b']) {
      expect(parseRange(h, 100)).toEqual({ kind: 'full' });
    }
  });
});
