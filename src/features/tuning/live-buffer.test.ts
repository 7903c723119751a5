import { describe, expect, it } from 'vitest';
import { emptyFrame } from '../../../dsp/loader';
import {
  forEachRecent,
  pushFrame,
  resetRing,
  RING_SIZE,
  sameLiveValues,
  toLiveValues,
  type LiveRing,
} from './live-buffer';

const newRing = (): LiveRing => ({
  times: new Float64Array(RING_SIZE),
  semitones: new Float32Array(RING_SIZE),
  volumes: new Float32Array(RING_SIZE),
  count: 0,
  latestVolume: 0,
});

describe('live frame ring', () => {
  it('keeps the newest frames in order once it wraps around', () => {
    const r = newRing();
    for (let i = 0; i < RING_SIZE + 10; i++) pushFrame({ t: i, semitone: i % 2 ? null : 57, volume: 0.5 }, r);
    const times: number[] = [];
    forEachRecent(r, (t) => times.push(t));
    expect(times).toHaveLength(RING_SIZE);
    expect(times[0]).toBe(10);
    expect(times[times.length - 1]).toBe(RING_SIZE + 9);
  });

  it('marks unvoiced frames as NaN so the trace lifts its pen', () => {
    const r = newRing();
    pushFrame({ t: 0, semitone: null, volume: 0 }, r);
    pushFrame({ t: 1, semitone: 57, volume: 0.4 }, r);
    const seen: number[] = [];
    forEachRecent(r, (_t, s) => seen.push(s));
    expect(Number.isNaN(seen[0])).toBe(true);
    expect(seen[1]).toBe(57);
    expect(r.latestVolume).toBeCloseTo(0.4);
    resetRing(r);
    forEachRecent(r, () => expect.fail('a reset ring is empty'));
  });

  it('rounds what is shown so an unchanged display causes no render, with the running summary', () => {
    const summary = {
      heard: 'voice' as const,
      overall: 70,
      clarity: 80,
      stability: 90,
      resonance: 50,
      projection: 60,
    };
    const a = toLiveValues({ ...emptyFrame(), f0: 220.04, semitone: 57.0, volume: 0.5 }, summary);
    const b = toLiveValues({ ...emptyFrame(), f0: 220.01, semitone: 57.0, volume: 0.501 }, { ...summary });
    expect(a).toMatchObject({ pitchHz: 220, clarity: 80, projection: 60, overall: 70, volume: 50 });
    expect(sameLiveValues(a, b)).toBe(true);
    expect(sameLiveValues(a, toLiveValues({ ...emptyFrame(), f0: null, semitone: null }, summary))).toBe(
      false,
    );
    expect(sameLiveValues(a, toLiveValues({ ...emptyFrame(), f0: 220, semitone: 57 }, null))).toBe(false);
  });
});
