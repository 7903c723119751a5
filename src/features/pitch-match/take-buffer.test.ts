import { describe, expect, it } from 'vitest';
import { parseTarget } from '../../domain/pitch-target/notes';
import { addFrame, createTakeBuffer, framesOf, LEAD_IN_SEC, TAIL_SEC, takeClock } from './take-buffer';
import { layoutTarget, xOf, yOf } from './target-geometry';

describe('a take’s frames', () => {
  it('start the target a lead-in after the first frame, and end the take a tail after it', () => {
    const buf = createTakeBuffer(2);
    expect(addFrame(buf, 0.25, null)).toBe(false);
    expect(buf.offset).toBeCloseTo(0.25 + LEAD_IN_SEC);
    expect(takeClock(buf)).toBeCloseTo(-LEAD_IN_SEC);
    expect(addFrame(buf, 0.25 + LEAD_IN_SEC + 2 + TAIL_SEC - 0.01, 220)).toBe(false);
    expect(addFrame(buf, 0.25 + LEAD_IN_SEC + 2 + TAIL_SEC, 220)).toBe(true);
  });

  it('hand the scorer frames in the target’s time, unvoiced as null', () => {
    const buf = createTakeBuffer(1);
    addFrame(buf, 1, null);
    addFrame(buf, 2.5, 220);
    expect(framesOf(buf)).toEqual([
      { t: -LEAD_IN_SEC, f0: null },
      { t: 2.5 - 1 - LEAD_IN_SEC, f0: 220 },
    ]);
  });

  it('drop frames beyond their room instead of growing', () => {
    const buf = createTakeBuffer(0.1);
    for (let i = 0; i < buf.times.length + 50; i++) addFrame(buf, i * 0.001, 220);
    expect(buf.count).toBe(buf.times.length);
  });
});

describe('the trace’s layout', () => {
  it('draws a bar per sung note, a glide sloping to the next note, rests as gaps', () => {
    const l = layoutTarget(parseTarget('A3:1~,A4:1,-:0.5,E4:1'));
    expect(l.bars.map((b) => [b.label, b.start, b.end, Math.round(b.from), Math.round(b.to)])).toEqual([
      ['A3', 0, 1, 57, 69],
      ['A4', 1, 2, 69, 69],
      ['E4', 2.5, 3.5, 64, 64],
    ]);
    expect(l.low).toBe(54);
    expect(l.high).toBe(72);
    expect(xOf(0, l)).toBeCloseTo(LEAD_IN_SEC / (LEAD_IN_SEC + 3.5 + TAIL_SEC));
    expect(yOf(72, l)).toBe(0);
    expect(yOf(40, l)).toBe(1);
  });
});
