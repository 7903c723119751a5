import { describe, expect, it } from 'vitest';
import { overallScore } from '../../domain/voice';
import { createSummaryAccumulator, MIN_VOICED_FRAMES } from './recording-summary';

const voiced = (over: Partial<Record<string, number | boolean | null>> = {}) => ({
  f0: 220,
  clarity: 0.8,
  stability: 0.9,
  resonance: 0.5,
  projection: 0.6,
  breathiness: 0.2,
  volume: 0.5,
  ...over,
});
const silent = {
  f0: null,
  clarity: 0,
  stability: 0,
  resonance: 0,
  projection: 0,
  breathiness: 0.9,
  volume: 0.01,
};

describe('recording summary', () => {
  it('averages the measures over voiced frames only and scores them with the domain rule', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 20; i++) acc.add(silent);
    for (let i = 0; i < 20; i++) acc.add(voiced({ clarity: i % 2 ? 0.7 : 0.9 }));
    const a = acc.result(4.4, new Date('2026-11-25T23:00:00Z'));
    expect(a).not.toBeNull();
    expect(a?.clarity).toBe(80);
    expect(a?.stability).toBe(90);
    expect(a?.volume).toBe(50);
    expect(a?.breathiness).toBe(20);
    expect(a?.overall).toBe(
      overallScore({ clarity: 0.8, stability: 0.9, resonance: 0.5, projection: 0.6 }).overall,
    );
    expect(a?.projection).toBe(60);
    // The live readout shows the same numbers as the final card.
    expect(acc.live()).toEqual({
      heard: 'voice',
      overall: a?.overall,
      clarity: a?.clarity,
      stability: a?.stability,
      resonance: a?.resonance,
      projection: a?.projection,
    });
    expect(a?.durationSec).toBe(4);
    expect(a?.at).toBe('2026-11-25T23:00:00.000Z');
    expect(a?.voicedFrames).toBe(20);
  });

  it('leaves out the zero stability the analyser reports before it has 10 voiced frames', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 9; i++) acc.add(voiced({ stability: 0 }));
    for (let i = 0; i < 10; i++) acc.add(voiced({ stability: 0.6 }));
    expect(acc.result(2)?.stability).toBe(60);
  });

  it('reports the median pitch so a stray octave error does not drag it', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 15; i++) acc.add(voiced({ f0: 220 + (i % 3) }));
    acc.add(voiced({ f0: 440 }));
    expect(acc.result(2)?.pitchHz).toBe(221);
  });

  it('counts clipped frames and gives them no projection', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 15; i++) acc.add(voiced({ projection: 0.5 }));
    for (let i = 0; i < 5; i++) acc.add(voiced({ projection: 0, clipped: true }));
    const a = acc.result(2);
    expect(a?.projection).toBe(50);
    expect(a?.clippedShare).toBe(0.25);
  });

  it('gives no analysis when too little voice was heard', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 100; i++) acc.add(silent);
    for (let i = 0; i < MIN_VOICED_FRAMES - 1; i++) acc.add(voiced());
    expect(acc.result(3)).toBeNull();
    acc.add(voiced());
    expect(acc.result(3)).not.toBeNull();
  });
});

describe('pitch range', () => {
  it('spans the middle of the voiced pitches in semitones, one octave for 110 to 220 Hz', async () => {
    const { pitchRange } = await import('./recording-summary');
    const glide = Array.from({ length: 101 }, (_, i) => 110 * 2 ** (i / 100));
    expect(pitchRange(glide)).toBeCloseTo(10.8, 1);
    expect(pitchRange([220, 220, 220])).toBe(0);
    expect(pitchRange([220])).toBeNull();
  });
});

describe('measurements for the feedback table', () => {
  it('counts sound and voiced frames and takes the median centroid / f0 and pitch drift', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < 10; i++) acc.add({ ...silent, volume: 0.5 }); // noise: sound, no pitch
    for (let i = 0; i < 5; i++) acc.add(silent); // near-silence
    for (let i = 0; i < 20; i++)
      acc.add(
        voiced({
          spectralCentroid: 220 * (i < 11 ? 6 : 1),
          wobble: i < 12 ? 0 : 20,
          vibratoRate: i < 5 ? 5 : 0,
        }),
      );
    const m = acc.measurements();
    expect(m.presence).toEqual({
      soundFrames: 30,
      voicedFrames: 20,
      centroidRatio: 6,
      // 8 frames of held notes are too few to judge the drift.
      wobbleCents: null,
      vibratoShare: 0.25,
    });
    expect(m.clarity).toBeCloseTo(0.8);
    expect(m.overall).toBe(acc.live()?.overall);
  });

  it('judges the drift once enough held-note frames exist, and leaves unmeasured frames out', () => {
    const acc = createSummaryAccumulator();
    for (let i = 0; i < MIN_VOICED_FRAMES; i++) acc.add(voiced({ wobble: 0.01, spectralCentroid: 0 }));
    for (let i = 0; i < 30; i++) acc.add(voiced({ wobble: 0 }));
    expect(acc.measurements().presence).toMatchObject({ wobbleCents: 0.01, centroidRatio: null });
  });

  it('reports an empty recording as nothing voiced, with no measures to judge', () => {
    expect(createSummaryAccumulator().measurements()).toMatchObject({
      overall: 0,
      clippedShare: 0,
      presence: { soundFrames: 0, voicedFrames: 0, centroidRatio: null, wobbleCents: null },
    });
  });
});
