import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support';
import { createMember } from '../../rest/test-members';
import { computeInsights, type DayValue, type InsightInput } from './insights';
import { readVoiceSeries } from './voice-scores';

const date = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const series = (values: number[], from = 0): DayValue[] =>
  values.map((value, i) => ({ localDate: date(from + i), value }));
const base: InsightInput = {
  mood: [],
  stress: [],
  sleep: [],
  practiceDays: [],
  avqi: [],
  cpps: [],
};
const ids = (input: Partial<InsightInput>) =>
  computeInsights({ ...base, ...input }).insights.map((i) => i.id);

describe('insights', () => {
  it('compares mood on practice days with days without, only with 3+ days on each side', () => {
    const mood = series([8, 8, 8, 8, 5, 5, 5]);
    const practiceDays = [date(0), date(1), date(2), date(3)];
    const result = computeInsights({ ...base, mood, practiceDays });
    expect(result.insights[0]).toMatchObject({
      id: 'mood-practice',
      kind: 'difference',
      difference: 3,
      unit: 'points',
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

  it('relates the AVQI to sleep, reading a falling AVQI as the better voice', () => {
    const sleep = series([3, 4, 5, 6, 7, 8, 9]);
    const better = computeInsights({ ...base, sleep, avqi: series([3.4, 3.1, 2.9, 2.6, 2.4, 2.1, 1.8]) });
    expect(better.insights.map((i) => i.id)).toEqual(['voice-sleep']);
    expect(better.insights[0]?.correlation).toBeLessThan(-95);
    expect(better.insights[0]?.message).toMatch(
      /^Your voice quality index \(AVQI\) is lower, which is better/,
    );
    const worse = computeInsights({ ...base, sleep, avqi: series([1.8, 2.1, 2.4, 2.6, 2.9, 3.1, 3.4]) });
    expect(worse.insights[0]?.message).toMatch(/higher, which is less good/);
    // Without assessments there is nothing to relate: the rule says what to track instead.
    const none = computeInsights({ ...base, sleep });
    expect(none.insights).toEqual([]);
    expect(none.progress.find((p) => p.id === 'voice-sleep')).toMatchObject({ days: 0, daysNeeded: 7 });
  });

  it("shows the clarity claim only when the member's CPPS rose by 15% or more", () => {
    const rising = series([12, 12, 12, 12, 12, 12, 12, 14, 14, 14, 14, 14, 14, 14]);
    expect(ids({ cpps: rising })).toEqual(['clarity-practice']);
    const slight = series([12, 12, 12, 12, 12, 12, 12, 13.5, 13.5, 13.5, 13.5, 13.5, 13.5, 13.5]);
    expect(ids({ cpps: slight })).toEqual([]);
    // 13 days are not two weeks of assessment days, however steep the rise.
    expect(ids({ cpps: rising.slice(1) })).toEqual([]);
  });

  it("reads the member's saved assessments by their local day, and not the tuning room's analyses", async () => {
    const t = await createTestApp();
    try {
      const m = await createMember(t);
      await t.deps.sql.run(
        `INSERT INTO voice_analyses (user_id, recorded_at, local_date, duration_sec, score, clarity,
          stability, resonance, projection, created_at) VALUES (?, ?, ?, 10, 71, 0.8, 0.7, 0.6, 0.5, ?)`,
        [m.id, '2026-01-02T23:30:00Z', '2026-01-02', '2026-01-02T23:30:00Z'],
      );
      expect(await readVoiceSeries(t.deps.sql, m.id, 'UTC')).toEqual({ avqi: [], cpps: [] });
      await t.deps.sql.run(
        `INSERT INTO voice_assessments (user_id, recorded_at, avqi, cpps, hnr, shimmer_percent, shimmer_db,
          ltas_slope, ltas_tilt, mpt_seconds, engine_version, created_at)
         VALUES (?, ?, 2.1, 14.5, 21, 3.2, 0.3, -22, -10, NULL, 'test', ?)`,
        [m.id, '2026-01-02T23:30:00Z', '2026-01-02T23:30:00Z'],
      );
      expect(await readVoiceSeries(t.deps.sql, m.id, 'Pacific/Auckland')).toEqual({
        avqi: [{ localDate: '2026-01-03', value: 2.1 }],
        cpps: [{ localDate: '2026-01-03', value: 14.5 }],
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
