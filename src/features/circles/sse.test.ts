import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

describe('parseSse', () => {
  it('returns complete events and keeps the unfinished rest', () => {
    const { events, rest } = parseSse('event: state\ndata: {"a":1}\n\n: keep-alive\n\nevent: end\ndata: {');
    expect(events).toEqual([{ event: 'state', data: '{"a":1}' }]);
    expect(rest).toBe('event: end\ndata: {');
  });
  it('joins data lines and accepts CRLF', () => {
    expect(parseSse('data: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});
