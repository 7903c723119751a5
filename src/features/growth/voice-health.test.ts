import { describe, expect, it } from 'vitest';
import type { StoredAnalysis } from './growth-api';
import { band, goalProgress, metricsOf, monthChange, overview, weakestArea } from './voice-health';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');
const a = (daysAgo: number, score: number, over: Partial<StoredAnalysis> = {}): StoredAnalysis => ({
  id: daysAgo,
  recordedAt: new Date(NOW - daysAgo * DAY).toISOString(),
  localDate: '',
  durationSec: 10,
  score,
  clarity: 0.8,
  stability: 0.7,
  resonance: 0.6,
  projection: 0.5,
  pitchMedianHz: 200,
  pitchRangeSemitones: 4,
  ...over,
});

describe('voice health', () => {
  it('has no numbers without recordings', () => {
    expect(metricsOf([])).toBeNull();
    expect(overview([], NOW)).toEqual({ current: null, change: null });
  });
  it('maps the measures and compares this week with last week', () => {
    const o = overview([a(1, 80), a(2, 70), a(9, 60)], NOW);
    expect(o.current).toEqual({
      voiceQualityScore: 75,
      resonanceLevel: 60,
      breathSupport: 50,
      tonalClarity: 80,
      vocalTension: 30,
    });
    expect(o.change).toBe(15);
  });
  it('uses the spec bands, with lower tension better', () => {
    expect(band('tonalClarity', 80)).toBe('good');
    expect(band('tonalClarity', 60)).toBe('fair');
    expect(band('tonalClarity', 59)).toBe('poor');
    expect(band('vocalTension', 30)).toBe('good');
    expect(band('vocalTension', 50)).toBe('fair');
    expect(band('vocalTension', 51)).toBe('poor');
  });
  it('finds the weakest area and the month-over-month change', () => {
    const m = metricsOf([a(1, 70)]);
    expect(m && weakestArea(m)).toBe('breathSupport');
    expect(monthChange([a(1, 66), a(40, 60)], NOW)).toBe(10);
    expect(monthChange([a(1, 66)], NOW)).toBeNull();
  });
  it('measures goal progress both ways', () => {
    expect(goalProgress('tonalClarity', 60, 80)).toEqual({ percent: 75, toGo: 20 });
    expect(goalProgress('tonalClarity', 90, 80)).toEqual({ percent: 100, toGo: 0 });
    expect(goalProgress('vocalTension', 40, 20)).toEqual({ percent: 75, toGo: 20 });
  });
});
