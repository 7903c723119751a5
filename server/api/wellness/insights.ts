import { pearson } from '../../../src/domain/pearson';
import { dayNumber } from '../../../src/domain/streaks';

/**
 * Wellness insights computed from one member's own data, never canned. Each insight states the
 * effect (a correlation in percent, or a difference in points) and the number of days behind
 * it, and exists only when there are enough days and a clear effect. Days are the member's
 * own calendar days (local dates stored with each entry).
 */
export const MIN_DAYS = 7;
/** |r| at or above this is a clear correlation (a "strong" one by the usual reading). */
export const CLEAR_CORRELATION = 0.5;
/** A difference of a whole point on a 1-10 scale is one a member notices. */
export const CLEAR_DIFFERENCE = 1;
/**
 * The spec's static "consistent practice improves clarity by 15-20%", shown only when the
 * member's own tonal clarity (CPPS, dB) rose by at least this much.
 */
export const CLARITY_CLAIM_PERCENT = 15;
/** Each side of a before/after comparison needs this many days. */
const MIN_SIDE_DAYS = 3;

export interface DayValue {
  localDate: string;
  value: number;
}

export interface InsightInput {
  mood: DayValue[];
  stress: DayValue[];
  sleep: DayValue[];
  practiceDays: string[];
  /** The saved voice assessments' AVQI 03.01 (lower is better). */
  avqi: DayValue[];
  /** The same assessments' CPPS, dB: tonal clarity (higher is clearer). */
  cpps: DayValue[];
}

export interface Insight {
  id: string;
  message: string;
  kind: 'correlation' | 'difference';
  /** Pearson r in percent (correlation insights), else null. */
  correlation: number | null;
  /** Difference in points on the 1-10 scale, or percent for tonal clarity; null for correlations. */
  difference: number | null;
  /** What `difference` is counted in, so the screen can name it; null for correlations. */
  unit: 'points' | 'percent' | null;
  days: number;
}

export interface InsightProgress {
  id: string;
  track: string;
  days: number;
  daysNeeded: number;
}

export interface InsightsResult {
  insights: Insight[];
  /** For every insight not shown yet: what to track, and how many days there are so far. */
  progress: InsightProgress[];
}

/** Mean per local date, so three entries on one day count as that one day. */
export function dailyMeans(values: DayValue[]): Map<string, number> {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const v of values) {
    const s = sums.get(v.localDate) ?? { sum: 0, n: 0 };
    s.sum += v.value;
    s.n += 1;
    sums.set(v.localDate, s);
  }
  return new Map([...sums].map(([d, s]) => [d, s.sum / s.n]));
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const one = (x: number) => Math.round(x * 10) / 10;

function paired(a: DayValue[], b: DayValue[]): { xs: number[]; ys: number[] } {
  const am = dailyMeans(a);
  const bm = dailyMeans(b);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [d, x] of am) {
    const y = bm.get(d);
    if (y !== undefined) {
      xs.push(x);
      ys.push(y);
    }
  }
  return { xs, ys };
}

type Rule = (input: InsightInput) => { insight: Insight | null; progress: InsightProgress | null };

function correlationRule(
  id: string,
  track: string,
  pick: (i: InsightInput) => [DayValue[], DayValue[]] | null,
  describe: (r: number, days: number) => string,
): Rule {
  return (input) => {
    const series = pick(input);
    if (!series) return { insight: null, progress: null };
    const { xs, ys } = paired(series[0], series[1]);
    const r = xs.length >= MIN_DAYS ? pearson(xs, ys) : null;
    if (r !== null && Math.abs(r) >= CLEAR_CORRELATION) {
      const days = xs.length;
      return {
        insight: {
          id,
          kind: 'correlation',
          message: describe(r, days),
          correlation: Math.round(r * 100),
          difference: null,
          unit: null,
          days,
        },
        progress: null,
      };
    }
    return { insight: null, progress: { id, track, days: xs.length, daysNeeded: MIN_DAYS } };
  };
}

const moodSleep = correlationRule(
  'mood-sleep',
  'Log your mood and your sleep quality on the same days',
  (i) => [i.sleep, i.mood],
  (r, days) =>
    r > 0
      ? `On your better-slept days your mood is higher too (correlation ${Math.round(r * 100)}% over ${days} days).`
      : `Your mood has been lower after your better-slept days (correlation ${Math.round(r * 100)}% over ${days} days).`,
);

/** AVQI is lower for a better voice, so better sleep going with better voice is r < 0. */
const voiceSleep = correlationRule(
  'voice-sleep',
  'Save a voice assessment and log your sleep quality on the same days',
  (i) => [i.sleep, i.avqi],
  (r, days) =>
    r < 0
      ? `Your voice quality index (AVQI) is lower, which is better, after better sleep (correlation ${Math.round(r * 100)}% over ${days} days).`
      : `Your voice quality index (AVQI) has been higher, which is less good, after better sleep (correlation ${Math.round(r * 100)}% over ${days} days).`,
);

const moodPractice: Rule = (input) => {
  const id = 'mood-practice';
  const practice = new Set(input.practiceDays);
  const moods = dailyMeans(input.mood);
  const on: number[] = [];
  const off: number[] = [];
  for (const [d, m] of moods) (practice.has(d) ? on : off).push(m);
  const days = on.length + off.length;
  if (days >= MIN_DAYS && on.length >= MIN_SIDE_DAYS && off.length >= MIN_SIDE_DAYS) {
    const diff = mean(on) - mean(off);
    if (Math.abs(diff) >= CLEAR_DIFFERENCE) {
      const message = `Your mood averages ${one(mean(on))} on days you practise and ${one(mean(off))} on days you don't (${diff > 0 ? '+' : ''}${one(diff)} points over ${days} days).`;
      return {
        insight: {
          id,
          kind: 'difference',
          message,
          correlation: null,
          difference: one(diff),
          unit: 'points',
          days,
        },
        progress: null,
      };
    }
  }
  // Days that count towards the rule: up to 3 on each side, then any one more.
  const counted =
    Math.min(on.length, MIN_SIDE_DAYS) +
    Math.min(off.length, MIN_SIDE_DAYS) +
    Math.min(Math.max(0, days - 2 * MIN_SIDE_DAYS), MIN_DAYS - 2 * MIN_SIDE_DAYS);
  return {
    insight: null,
    progress: {
      id,
      track: 'Log your mood on days with a session and on days without (at least 3 of each)',
      days: counted,
      daysNeeded: MIN_DAYS,
    },
  };
};

/** Stress in the week before the first session against the week after a week of sessions. */
const stressAfterWeek: Rule = (input) => {
  const id = 'stress-practice-week';
  const track = 'Log your stress for a week before and after your first week of sessions';
  const first = input.practiceDays[0];
  const stress = dailyMeans(input.stress);
  if (!first) return { insight: null, progress: { id, track, days: 0, daysNeeded: MIN_DAYS } };
  const p = dayNumber(first);
  const before: number[] = [];
  const after: number[] = [];
  for (const [d, v] of stress) {
    const n = dayNumber(d) - p;
    if (n >= -7 && n <= -1) before.push(v);
    else if (n >= 7 && n <= 13) after.push(v);
  }
  const days = before.length + after.length;
  if (days >= MIN_DAYS && before.length >= MIN_SIDE_DAYS && after.length >= MIN_SIDE_DAYS) {
    const diff = mean(after) - mean(before);
    if (Math.abs(diff) >= CLEAR_DIFFERENCE) {
      const message =
        diff < 0
          ? `After a week of sessions your stress fell from ${one(mean(before))} to ${one(mean(after))} (${one(diff)} points over ${days} days).`
          : `After a week of sessions your stress rose from ${one(mean(before))} to ${one(mean(after))} (+${one(diff)} points over ${days} days).`;
      return {
        insight: {
          id,
          kind: 'difference',
          message,
          correlation: null,
          difference: one(diff),
          unit: 'points',
          days,
        },
        progress: null,
      };
    }
  }
  const counted =
    Math.min(before.length, MIN_SIDE_DAYS) +
    Math.min(after.length, MIN_SIDE_DAYS) +
    Math.min(Math.max(0, days - 2 * MIN_SIDE_DAYS), MIN_DAYS - 2 * MIN_SIDE_DAYS);
  return { insight: null, progress: { id, track, days: counted, daysNeeded: MIN_DAYS } };
};

/** The spec's clarity claim, on CPPS: the first week of assessment days against the latest week. */
const clarityGain: Rule = (input) => {
  const id = 'clarity-practice';
  const byDay = [...dailyMeans(input.cpps)].sort(([a], [b]) => a.localeCompare(b));
  const needed = 2 * MIN_DAYS;
  if (byDay.length >= needed) {
    const firstWeek = mean(byDay.slice(0, MIN_DAYS).map(([, v]) => v));
    const lastWeek = mean(byDay.slice(-MIN_DAYS).map(([, v]) => v));
    // A percentage needs a positive start: CPPS at or under 0 dB has no peak to grow from.
    const gain = firstWeek > 0 ? ((lastWeek - firstWeek) / firstWeek) * 100 : 0;
    if (gain >= CLARITY_CLAIM_PERCENT) {
      const message = `Your tonal clarity (CPPS) has risen by ${Math.round(gain)}% since your first assessments: ${firstWeek.toFixed(1)} dB on your first ${MIN_DAYS} assessment days, ${lastWeek.toFixed(1)} dB on your latest ${MIN_DAYS}.`;
      return {
        insight: {
          id,
          kind: 'difference',
          message,
          correlation: null,
          difference: Math.round(gain),
          unit: 'percent',
          days: byDay.length,
        },
        progress: null,
      };
    }
  }
  return {
    insight: null,
    progress: {
      id,
      track: `Save a voice assessment on ${needed} different days`,
      days: byDay.length,
      daysNeeded: needed,
    },
  };
};

const RULES: Rule[] = [moodPractice, moodSleep, stressAfterWeek, voiceSleep, clarityGain];

export function computeInsights(input: InsightInput): InsightsResult {
  const insights: Insight[] = [];
  const progress: InsightProgress[] = [];
  for (const rule of RULES) {
    const r = rule(input);
    if (r.insight) insights.push(r.insight);
    if (r.progress) progress.push(r.progress);
  }
  return { insights, progress };
}
