import { describe, expect, it } from 'vitest';
import { FEEDBACK, SUGGESTIONS, feedbackText, suggestions } from './feedback';

const base = { clarity: 0.6, stability: 0.6, breathiness: 0.2, resonance: 0.5, volume: 0.5 };

describe('feedback text', () => {
  it('calls clarity and stability both above 0.7 excellent', () => {
    expect(feedbackText({ ...base, clarity: 0.71, stability: 0.75 })).toBe(FEEDBACK.excellent);
  });

  it('calls clarity and stability both above 0.5 good', () => {
    expect(feedbackText({ ...base, clarity: 0.71, stability: 0.7 })).toBe(FEEDBACK.good);
    expect(feedbackText({ ...base, clarity: 0.51, stability: 0.51 })).toBe(FEEDBACK.good);
  });

  it('notices a soft voice under volume 0.2', () => {
    expect(feedbackText({ ...base, clarity: 0.5, volume: 0.19 })).toBe(FEEDBACK.soft);
  });

  it('encourages otherwise', () => {
    expect(feedbackText({ ...base, clarity: 0.3, volume: 0.4 })).toBe(FEEDBACK.exploring);
  });
});

describe('suggestions', () => {
  it('suggest breath work above breathiness 0.6 and steadiness under stability 0.4', () => {
    expect(suggestions({ ...base, breathiness: 0.61, stability: 0.39 })).toEqual([
      SUGGESTIONS.breath,
      SUGGESTIONS.stability,
    ]);
  });

  it('flag volume under 0.3 or over 0.8', () => {
    expect(suggestions({ ...base, volume: 0.29 })).toEqual([SUGGESTIONS.tooSoft]);
    expect(suggestions({ ...base, volume: 0.81 })).toEqual([SUGGESTIONS.tooLoud]);
    expect(suggestions({ ...base, volume: 0.3 })).toEqual([]);
  });

  it('celebrate resonance above 0.7', () => {
    expect(suggestions({ ...base, resonance: 0.71 })).toEqual([SUGGESTIONS.resonance]);
  });

  it('never give more than 2', () => {
    const all = { clarity: 0.2, stability: 0.1, breathiness: 0.9, resonance: 0.9, volume: 0.1 };
    expect(suggestions(all)).toHaveLength(2);
  });
});
