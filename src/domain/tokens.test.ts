import { describe, expect, it } from 'vitest';
import { DEFAULT_TONE_TOKENS, toneTokensFor } from './tokens';

describe('tone tokens', () => {
  it('awards 20, 25, 30 and 40 tokens for beginner, developing, skilled and professional', () => {
    expect(toneTokensFor('beginner')).toBe(20);
    expect(toneTokensFor('developing')).toBe(25);
    expect(toneTokensFor('skilled')).toBe(30);
    expect(toneTokensFor('professional')).toBe(40);
  });

  it('matches the level trimmed and case-insensitively', () => {
    expect(toneTokensFor(' Professional  ')).toBe(40);
  });

  it('falls back to the default of 20 for an unknown or missing level', () => {
    expect(DEFAULT_TONE_TOKENS).toBe(20);
    expect(toneTokensFor('virtuoso')).toBe(20);
    expect(toneTokensFor(null)).toBe(20);
  });
});
