import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support';
import { createMember } from '../../rest/test-members';
import { computeInsights, pearson, type DayValue, type InsightInput } from './insights';
import { readVoiceSeries } from './voice-scores';

const date = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const series = (values: number[], from = 0): DayValue[] =>
  values.map((value, i) => ({ localDate: date(from + i), value }));
const base: InsightInput = {
  mood: [],
  stress: [],
  sleep: [],
  practiceDays: [],
  voiceScore: null,
  voiceClarity: null,
};
const ids = (input: Partial<InsightInput>) =>
  computeInsights({ ...base, ...input }).insights.map((i) => i.id);

describe('insights', () => {
  it('pearson is null for flat series and exact for linear ones', () => {
    expect(pearson([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(pearson([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1);
  });

  it('compares mood on practice days with days without, only with 3+ days on each side', () => {
    const mood = series([8, 8, 8, 8, 5, 5, 5]);
    const practiceDays = [date(0), date(1), date(2), date(3)];
    const result = computeInsights({ ...base, mood, practiceDays });
    expect(result.insights[0]).toMatchObject({
      id: 'mood-practice',
      kind: 'difference',
      difference: 3,
      days: 7,
    });
    expect(result.insights[0]?.message).toContain('8 on days you practise and 5 on days you don');
    // Six days is not enough, nor is a small difference.
    expect(ids({ mood: mood.slice(0, 6), practiceDays })).toEqual([]);
    expect(ids({ mood: series([6, 6, 6, 6, 5.5, 5.5, 5.5]), practiceDays })).toEqual([]);
  });

  it('compares stress the week before the first session with the week after a week of sessions', () => {
    const stress = [...series([8, 8, 7, 8], 4), ...series([4, 5, 4], 18)];
    const practiceDays = [date(11)];
    const r = computeInsights({ ...base, stress, practiceDays }).insights;
    expect(r[0]).toMatchObject({ id: 'stress-practice-week', difference: -3.4, days: 7 });
    expect(ids({ stress: series([8, 8, 7, 8], 0), practiceDays })).toEqual([]);
  });

  it('relates voice scores to sleep only when voice analyses are stored', () => {
    const sleep = series([3, 4, 5, 6, 7, 8, 9]);
    const voiceScore = series([55, 60, 62, 66, 70, 74, 80]);
    expect(ids({ sleep, voiceScore })).toEqual(['voice-sleep']);
    const noTable = computeInsights({ ...base, sleep });
    expect(noTable.progress.map((p) => p.id)).not.toContain('voice-sleep');
  });

  it("shows the clarity claim only when the member's clarity rose by 15% or more", () => {
    const rising = series([50, 50, 50, 50, 50, 50, 50, 60, 60, 60, 60, 60, 60, 60]);
    expect(ids({ voiceClarity: rising })).toEqual(['clarity-practice']);
    const flat = series([50, 50, 50, 50, 50, 50, 50, 55, 55, 55, 55, 55, 55, 55]);
    expect(ids({ voiceClarity: flat })).toEqual([]);
  });

  it("reads the member's kept voice analyses by their local day", async () => {
    const t = await createTestApp();
    try {
      const m = await createMember(t);
      expect(await readVoiceSeries(t.deps.sql, m.id, 'UTC')).toEqual({ score: [], clarity: [] });
      await t.deps.sql.run(
        `INSERT INTO voice_analyses (user_id, recorded_at, local_date, duration_sec, score, clarity,
          stability, resonance, projection, created_at) VALUES (?, ?, ?, 10, 71, 0.8, 0.7, 0.6, 0.5, ?)`,
        [m.id, '2026-01-02T23:30:00Z', '2026-01-02', '2026-01-02T23:30:00Z'],
      );
      expect(await readVoiceSeries(t.deps.sql, m.id, 'Pacific/Auckland')).toEqual({
        score: [{ localDate: '2026-01-03', value: 71 }],
        clarity: [{ localDate: '2026-01-03', value: 0.8 }],
      });
    } finally {
      await t.close();
    }
  });
});

describe('insight progress', () => {
  it('counts only the days that help: seven mood days without any session are 4 of 7', () => {
    const r = computeInsights({ ...base, mood: series([5, 6, 7, 5, 6, 7, 5]) });
    expect(r.progress.find((p) => p.id === 'mood-practice')).toMatchObject({ days: 4, daysNeeded: 7 });
  });
});
