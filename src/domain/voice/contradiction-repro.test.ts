import { expect, it } from 'vitest';
import { decideFeedback } from './feedback';

// Issue 20: male speech recorded 30 dB too hot (every voiced frame clipped, so projection,
// measured on unclipped frames only, is 0) read "very gentle" and "too loud" at once.
it('does not call one recording both too gentle and too loud', () => {
  const m = {
    overall: 50,
    clarity: 0.44,
    stability: 0.62,
    breathiness: 0.3,
    resonance: 0.93,
    projection: 0,
    clippedShare: 0.99,
  };
  const f = decideFeedback(m);
  const shown = [f.headline, ...f.tips].join(' ');
  const gentle = /very gentle|let a little more sound out|across the room/.test(shown);
  const loud = /too loud for the microphone/.test(shown);
  expect(loud).toBe(true);
  expect(gentle).toBe(false);
});
