import type { GoalMetric, StoredAnalysis } from './growth-api';

/**
 * Voice health from the member's stored analyses, never invented. How the spec's four metrics
 * map onto what the analyser measures (DSP: reference/voice-analysis.md):
 * - resonance: the analyser's resonance (singer's-formant and alpha ratios), as a percent;
 * - breath support: projection (sustained intensity needs steady breath), as a percent;
 * - tonal clarity: clarity (harmonics-to-noise), as a percent;
 * - tension level: 100 − stability (strain shows as unsteady pitch and level), lower is better.
 * The voice health score is the mean overall score of the recordings.
 */
export type Metrics = Record<GoalMetric, number>;

const DAY = 86_400_000;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function metricsOf(list: readonly StoredAnalysis[]): Metrics | null {
  if (list.length === 0) return null;
  return {
    voiceQualityScore: Math.round(mean(list.map((a) => a.score))),
    resonanceLevel: Math.round(mean(list.map((a) => a.resonance)) * 100),
    breathSupport: Math.round(mean(list.map((a) => a.projection)) * 100),
    tonalClarity: Math.round(mean(list.map((a) => a.clarity)) * 100),
    vocalTension: Math.round(100 - mean(list.map((a) => a.stability)) * 100),
  };
}

export function within(list: readonly StoredAnalysis[], fromMs: number, toMs: number) {
  return list.filter((a) => {
    const t = Date.parse(a.recordedAt);
    return t >= fromMs && t < toMs;
  });
}

/** This week (the last 7 days) against the 7 before; change is null without both. */
export function overview(list: readonly StoredAnalysis[], nowMs: number) {
  const thisWeek = metricsOf(within(list, nowMs - 7 * DAY, nowMs + 1));
  const lastWeek = metricsOf(within(list, nowMs - 14 * DAY, nowMs - 7 * DAY));
  return {
    current: thisWeek,
    change: thisWeek && lastWeek ? thisWeek.voiceQualityScore - lastWeek.voiceQualityScore : null,
  };
}

/** Spec colour bands: score 80+ green, 60+ yellow, else red; tension 30 or less green, 50 or less yellow. */
export function band(metric: GoalMetric, value: number): 'good' | 'fair' | 'poor' {
  if (metric === 'vocalTension') return value <= 30 ? 'good' : value <= 50 ? 'fair' : 'poor';
  return value >= 80 ? 'good' : value >= 60 ? 'fair' : 'poor';
}

/** The weakest of the four areas (tension counted as 100 − tension), for the exercise filter. */
export function weakestArea(m: Metrics): GoalMetric {
  const scored: [GoalMetric, number][] = [
    ['resonanceLevel', m.resonanceLevel],
    ['breathSupport', m.breathSupport],
    ['tonalClarity', m.tonalClarity],
    ['vocalTension', 100 - m.vocalTension],
  ];
  return scored.sort((a, b) => a[1] - b[1])[0]?.[0] ?? 'tonalClarity';
}

/** 30 daily bars ending today (UTC days of the recordings' instants in the member's zone are not needed for bars). */
export function dailyScores(list: readonly StoredAnalysis[], nowMs: number, days = 30) {
  return Array.from({ length: days }, (_, i) => {
    const end = nowMs - (days - 1 - i) * DAY;
    const dayStart = end - (end % DAY);
    const scores = within(list, dayStart, dayStart + DAY).map((a) => a.score);
    return {
      day: new Date(dayStart).toISOString().slice(0, 10),
      score: scores.length ? Math.round(mean(scores)) : null,
    };
  });
}

/** Month over month: mean score of the last 30 days against the 30 before, in percent; null without both. */
export function monthChange(list: readonly StoredAnalysis[], nowMs: number): number | null {
  const now = within(list, nowMs - 30 * DAY, nowMs + 1);
  const before = within(list, nowMs - 60 * DAY, nowMs - 30 * DAY);
  if (now.length === 0 || before.length === 0) return null;
  const a = mean(now.map((x) => x.score));
  const b = mean(before.map((x) => x.score));
  return b === 0 ? null : Math.round(((a - b) / b) * 100);
}

/** Goal progress: for tension lower is better, so progress runs from 100 down to the target. */
export function goalProgress(metric: GoalMetric, current: number, target: number) {
  if (metric === 'vocalTension') {
    const done = current <= target;
    const percent = done ? 100 : Math.max(0, Math.round(((100 - current) / Math.max(1, 100 - target)) * 100));
    return { percent, toGo: done ? 0 : current - target };
  }
  const done = current >= target;
  return {
    percent: done ? 100 : target <= 0 ? 100 : Math.round((current / target) * 100),
    toGo: done ? 0 : target - current,
  };
}

export const METRIC_TEXT: Record<GoalMetric, { label: string; explain: string; tip: string; area: string }> =
  {
    voiceQualityScore: {
      label: 'voice health score',
      explain: 'The mean score of your recordings.',
      tip: 'Record a short sustained vowel each day to follow it.',
      area: 'find',
    },
    resonanceLevel: {
      label: 'resonance',
      explain: 'How much ring and forward energy your voice carries.',
      tip: 'Hum on "mm" and feel the buzz at your lips before opening to a vowel.',
      area: 'fine-tune',
    },
    breathSupport: {
      label: 'breath support',
      explain: 'How strongly and steadily your voice carries on the breath.',
      tip: 'Breathe low into your belly and release on a long "sss" before you sing.',
      area: 'free',
    },
    tonalClarity: {
      label: 'tonal clarity',
      explain: 'How clear your tone is: harmonics against breath noise.',
      tip: 'Start notes gently but fully, without a breathy onset.',
      area: 'fine-tune',
    },
    vocalTension: {
      label: 'tension level',
      explain: 'Unsteadiness in pitch and level, which often comes from strain. Lower is better.',
      tip: 'Yawn-sigh and roll your shoulders; lip trills release the jaw.',
      area: 'free',
    },
  };
