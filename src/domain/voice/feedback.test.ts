import { describe, expect, it } from 'vitest';
import { FEEDBACK, SUGGESTIONS, feedbackText, suggestions } from './feedback';
import { overallScore, scoreColour } from './score';

const base = {
  overall: 65,
  clarity: 0.6,
  stability: 0.6,
  breathiness: 0.2,
  resonance: 0.5,
  projection: 0.6,
  clipped: 0,
};

describe('feedback text', () => {
  it('praises as excellent only a green score with clarity and stability at 0.7 or more', () => {
    expect(feedbackText({ ...base, overall: 80, clarity: 0.7, stability: 0.75 })).toBe(FEEDBACK.excellent);
    expect(feedbackText({ ...base, overall: 79, clarity: 0.9, stability: 0.9 })).toBe(FEEDBACK.good);
  });

  it('never puts "Beautiful work" next to an amber or red score', () => {
    for (let c = 0; c <= 1; c += 0.1)
      for (let s = 0; s <= 1; s += 0.1)
        for (let r = 0; r <= 1; r += 0.25)
          for (let p = 0; p <= 1; p += 0.25) {
            const overall = overallScore({ clarity: c, stability: s, resonance: r, projection: p }).overall;
            const text = feedbackText({
              ...base,
              overall,
              clarity: c,
              stability: s,
              resonance: r,
              projection: p,
            });
            if (text === FEEDBACK.excellent) expect(scoreColour(overall)).toBe('green');
          }
  });

  it('calls a yellow score with clarity and stability at 0.5 or more good', () => {
    expect(feedbackText({ ...base, overall: 60, clarity: 0.5, stability: 0.5 })).toBe(FEEDBACK.good);
  });

  it('notices a soft voice (projection under 0.35)', () => {
    expect(feedbackText({ ...base, overall: 40, clarity: 0.4, projection: 0.34 })).toBe(FEEDBACK.soft);
  });

  it('encourages otherwise', () => {
    expect(feedbackText({ ...base, overall: 40, clarity: 0.3 })).toBe(FEEDBACK.exploring);
  });
});

describe('suggestions', () => {
  it('reports clipping first: too loud for the microphone', () => {
    expect(suggestions({ ...base, clipped: 0.1, projection: 0.2 })[0]).toBe(SUGGESTIONS.clipped);
    expect(SUGGESTIONS.clipped).toMatch(/too loud for the microphone/);
  });

  it('suggest breath work above breathiness 0.6 and steadiness under stability 0.55', () => {
    expect(suggestions({ ...base, breathiness: 0.61, stability: 0.54 })).toEqual([
      SUGGESTIONS.breath,
      SUGGESTIONS.stability,
    ]);
  });

  it('suggest more voice under projection 0.45', () => {
    expect(suggestions({ ...base, projection: 0.44 })).toEqual([SUGGESTIONS.tooSoft]);
    expect(suggestions({ ...base, projection: 0.45 })).toEqual([]);
  });

  it('celebrate resonance above 0.7', () => {
    expect(suggestions({ ...base, resonance: 0.71 })).toEqual([SUGGESTIONS.resonance]);
  });

  it('never give more than 2', () => {
    const all = { ...base, stability: 0.1, breathiness: 0.9, resonance: 0.9, projection: 0.1, clipped: 0.5 };
    expect(suggestions(all)).toHaveLength(2);
  });
});
