import { describe, expect, it } from 'vitest';
import { countText, countWord } from './plural';

describe('count texts', () => {
  it('says one session, and sessions for every other number', () => {
    expect(countText(1, 'session')).toBe('1 session');
    expect(countText(0, 'session')).toBe('0 sessions');
    expect(countText(2, 'session')).toBe('2 sessions');
    expect(countText(1.5, 'minute')).toBe('1.5 minutes');
  });

  it('takes an irregular plural and words of several parts', () => {
    expect(countText(1, 'echo', 'echoes')).toBe('1 echo');
    expect(countText(4, 'echo', 'echoes')).toBe('4 echoes');
    expect(countText(1, 'tone token')).toBe('1 tone token');
    expect(countWord(20, 'tone token')).toBe('tone tokens');
  });
});
