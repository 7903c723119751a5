import { describe, expect, it } from 'vitest';
import type { StoredAssessment } from '../assessment/assessment-api';
import {
  dailyAvqi,
  goalProgress,
  isMeasured,
  metricsOf,
  monthChange,
  overview,
  recommendedArea,
} from './voice-health';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-26T12:00:00Z');
const a = (daysAgo: number, avqi: number, over: Partial<StoredAssessment> = {}): StoredAssessment => ({
  id: daysAgo,
  recordedAt: new Date(NOW - daysAgo * DAY).toISOString(),
  avqi,
  cpps: 14,
  hnr: 20,
  shimmerPercent: 3,
  shimmerDb: 0.3,
  ltasSlope: -22,
  ltasTilt: -10,
  mptSeconds: null,
  engineVersion: 'test',
  ...over,
});

describe('voice health from the member’s assessments', () => {
  it('has no numbers without assessments', () => {
    expect(metricsOf([])).toBeNull();
    expect(overview([], NOW)).toEqual({ current: null, change: null });
  });
  it('reads AVQI and CPPS as this week’s means, breath support as the longest hold, and compares weeks', () => {
    const o = overview(
      [a(1, 1.5, { cpps: 15, mptSeconds: 18 }), a(2, 2.5, { cpps: 13, mptSeconds: 21.5 }), a(9, 3)],
      NOW,
    );
    expect(o.current).toEqual({ voiceQualityScore: 2, tonalClarity: 14, breathSupport: 21.5 });
    expect(o.change).toBe(-1);
  });
  it('says breath support is not measured when every breath task was skipped', () => {
    expect(metricsOf([a(1, 2)])?.breathSupport).toBeNull();
  });
  it('never gives resonance or tension a number', () => {
    expect(isMeasured('resonanceLevel')).toBe(false);
    expect(isMeasured('vocalTension')).toBe(false);
    expect(Object.keys(metricsOf([a(1, 2)]) ?? {})).toEqual([
      'voiceQualityScore',
      'tonalClarity',
      'breathSupport',
    ]);
  });
  it('recommends breath work after a short hold, and relaxing work above the boundary', () => {
    expect(recommendedArea({ voiceQualityScore: 1.8, tonalClarity: 15, breathSupport: 9 })).toBe('free');
    expect(recommendedArea({ voiceQualityScore: 3.1, tonalClarity: 12, breathSupport: null })).toBe('free');
    expect(recommendedArea({ voiceQualityScore: 1.8, tonalClarity: 15, breathSupport: 22 })).toBe(
      'fine-tune',
    );
  });
  it('charts the daily AVQI and the change from the month before', () => {
    const days = dailyAvqi([a(0, 1.2), a(0, 1.8), a(3, 2.6)], NOW);
    expect(days).toHaveLength(30);
    expect(days.filter((d) => d.avqi !== null).map((d) => d.avqi)).toEqual([2.6, 1.5]);
    expect(monthChange([a(1, 1.6), a(40, 2.6)], NOW)).toBe(-1);
    expect(monthChange([a(1, 1.6)], NOW)).toBeNull();
  });
  it('charts each assessment on the member’s own calendar day, not the UTC one', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // 21:00 in New York on 25 November is 02:00 UTC on the 26th.
      const evening = { ...a(0, 3.3), recordedAt: '2026-11-26T02:00:00Z' };
      const days = dailyAvqi([evening, a(0, 1.1)], NOW);
      expect(days.at(-1)).toEqual({ day: '2026-11-26', avqi: 1.1 });
      expect(days.at(-2)).toEqual({ day: '2026-11-25', avqi: 3.3 });
    } finally {
      // Assigning undefined would set the text "undefined"; an absent zone is restored by deleting.
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
  it('measures goal progress both ways, in the metric’s unit', () => {
    expect(goalProgress('tonalClarity', 12, 15)).toEqual({ percent: 80, toGo: 3 });
    expect(goalProgress('breathSupport', 22, 20)).toEqual({ percent: 100, toGo: 0 });
    expect(goalProgress('voiceQualityScore', 3, 2)).toEqual({ percent: 83, toGo: 1 });
    expect(goalProgress('voiceQualityScore', 1.9, 2)).toEqual({ percent: 100, toGo: 0 });
  });
});
