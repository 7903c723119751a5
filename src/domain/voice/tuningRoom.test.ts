import { describe, expect, it } from 'vitest';
import { improvementTrend, recentProgress, sessionSummary, type SessionResult } from './tuningRoom';

const session = (overall: number, extra: Partial<SessionResult> = {}): SessionResult => ({
  overall,
  clarity: 70,
  stability: 70,
  resonance: 70,
  projection: 70,
  ...extra,
});

describe('tuning-room summary', () => {
  it('starts empty with clarity as strongest and stability as focus', () => {
    expect(sessionSummary([])).toEqual({
      totalSessions: 0,
      typicalScore: 0,
      improvementTrend: 0,
      strongestArea: 'clarity',
      focusArea: 'stability',
    });
  });

  it('shows the typical recording’s score, one a recording had, never a mean (issue 31)', () => {
    expect(sessionSummary([session(70), session(71)]).typicalScore).toBe(70);
    expect(sessionSummary([session(70), session(70), session(71)]).typicalScore).toBe(70);
    // Two very different recordings: the summary is one of them, not the 50 that neither scored.
    expect(sessionSummary([session(95), session(5)]).typicalScore).toBe(5);
    expect(sessionSummary([session(95), session(5), session(60)]).typicalScore).toBe(60);
  });

  it('names the highest and lowest average areas', () => {
    const s = sessionSummary([
      session(60, { resonance: 90, projection: 40 }),
      session(60, { resonance: 80 }),
    ]);
    expect(s.strongestArea).toBe('resonance');
    expect(s.focusArea).toBe('projection');
  });
});

describe('improvement trend', () => {
  it('is 0 with fewer than 20 sessions', () => {
    expect(improvementTrend(Array.from({ length: 19 }, (_, i) => session(i * 5)))).toBe(0);
  });

  it('is the typical score of the last 10 minus the typical score of the 10 before them', () => {
    const older = Array.from({ length: 5 }, () => session(10));
    const before = Array.from({ length: 10 }, () => session(60));
    const last = Array.from({ length: 10 }, () => session(72));
    expect(improvementTrend([...older, ...before, ...last])).toBe(12);
    // One outlier does not move it: nine of the last ten scored 72, one scored 0.
    expect(improvementTrend([...before, ...last.slice(1), session(0)])).toBe(12);
  });
});

describe('progress list', () => {
  it('shows the last 3 sessions, newest first', () => {
    expect(recentProgress([1, 2, 3, 4, 5])).toEqual([5, 4, 3]);
    expect(recentProgress([1])).toEqual([1]);
  });
});
