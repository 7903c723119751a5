import type { GoalMetric } from './growth-api';
import type { ShownAssessment } from '../assessment/assessment-api';
import { AVQI_BOUNDARY } from '../assessment/measures';
import { lastDates, localDate } from '../wellness/chart-math';
import { typicalOf } from '../../domain/voice/typical';

/**
 * Voice health from the member's voice assessments (issue 21), each metric named for what it
 * measures and computed by a published method, never a blend of our own:
 * - voice quality: the Acoustic Voice Quality Index 03.01 (Barsties & Maryn 2015), lower is
 *   better, 2.43 the published boundary between typical and dysphonic voices;
 * - tonal clarity: smoothed cepstral peak prominence (CPPS, dB), higher is clearer;
 * - breath support: maximum phonation time (s, the longest held "ah" of the period), the
 *   clinical test of breath support (healthy adults: means of about 21-23 s in Maslan et al.
 *   2011; about 15-25 s or more is the usual adult range);
 * - resonance and tension: no validated measure from a phone recording, so "not measured yet".
 * The spec's goal keys are kept (goals already set stay readable); their units are now these.
 * A period's AVQI and CPPS are its typical assessment's (the middle one, and of two middle ones
 * the less good: src/domain/voice/typical.ts), never a mean that no assessment measured (issue 31).
 */
export type MeasuredMetric = 'voiceQualityScore' | 'tonalClarity' | 'breathSupport' | 'voiceRange';
/**
 * What the assessments measure, and the voice range (issue 31) from the range checks, which
 * only who reads those fills in (the goals tab).
 */
export type Metrics = Record<Exclude<MeasuredMetric, 'voiceRange'>, number | null> & {
  voiceRange?: number | null;
};

const DAY = 86_400_000;
/** AVQI: lower is better, so of two middle assessments the higher is shown. */
const typicalAvqi = (xs: number[]) => typicalOf(xs, 'lower');
const round = (x: number | null, digits: number) => (x === null ? null : Number(x.toFixed(digits)));

export function metricsOf(list: readonly ShownAssessment[]): Metrics | null {
  if (list.length === 0) return null;
  const mpts = list.map((a) => a.mptSeconds).filter((s): s is number => s !== null);
  return {
    voiceQualityScore: round(typicalAvqi(list.map((a) => a.avqi)), 2),
    tonalClarity: round(typicalOf(list.map((a) => a.cpps)), 1),
    // The longest hold counts: MPT is the best of the trials, not their mean.
    breathSupport: mpts.length ? Math.max(...mpts) : null,
  };
}

export function within(list: readonly ShownAssessment[], fromMs: number, toMs: number) {
  return list.filter((a) => {
    const t = Date.parse(a.recordedAt);
    return t >= fromMs && t < toMs;
  });
}

/** This week (the last 7 days) against the 7 before; change (AVQI) is null without both. */
export function overview(list: readonly ShownAssessment[], nowMs: number) {
  const thisWeek = metricsOf(within(list, nowMs - 7 * DAY, nowMs + 1));
  const lastWeek = metricsOf(within(list, nowMs - 14 * DAY, nowMs - 7 * DAY));
  const a = thisWeek?.voiceQualityScore ?? null;
  const b = lastWeek?.voiceQualityScore ?? null;
  return { current: thisWeek, change: a !== null && b !== null ? round(a - b, 2) : null };
}

export const NOT_MEASURED: Record<'resonanceLevel' | 'vocalTension', { label: string; why: string }> = {
  resonanceLevel: {
    label: 'resonance',
    why: 'No validated measure of resonance exists for a phone recording: the numbers that exist move with the vowel, the microphone and the room more than with your voice, so we do not put one on it.',
  },
  vocalTension: {
    label: 'tension level',
    why: 'Strain is judged by listening, or measured with instruments such as airflow or vocal-fold contact sensors; no validated number comes from a phone recording. Its effects on the sound show in the voice quality index.',
  },
};

/** Which way is better, per measured metric. */
const HIGHER_BETTER: Record<MeasuredMetric, boolean> = {
  voiceQualityScore: false,
  tonalClarity: true,
  breathSupport: true,
  voiceRange: true,
};

export function isMeasured(metric: GoalMetric): metric is MeasuredMetric {
  return metric in HIGHER_BETTER;
}

/** The practice focus to suggest: breath when the hold was short, otherwise clarity. */
export function recommendedArea(m: Metrics): string {
  if (m.breathSupport !== null && m.breathSupport < 15) return METRIC_TEXT.breathSupport.area;
  if (m.voiceQualityScore !== null && m.voiceQualityScore > AVQI_BOUNDARY) return 'free';
  return METRIC_TEXT.tonalClarity.area;
}

/**
 * The daily typical AVQI (the day's middle assessment) of the `days` local days ending today, oldest first (null on a day without
 * an assessment). Days are the member's own calendar days, as on the weekly tab: an evening check
 * in New York belongs to that evening's date, not to the next UTC day.
 */
export function dailyAvqi(list: readonly ShownAssessment[], nowMs: number, days = 30) {
  const byDay = new Map<string, number[]>();
  for (const a of list) {
    const day = localDate(Date.parse(a.recordedAt));
    byDay.set(day, [...(byDay.get(day) ?? []), a.avqi]);
  }
  return lastDates(localDate(nowMs), days).map((day) => ({
    day,
    avqi: round(typicalAvqi(byDay.get(day) ?? []), 2),
  }));
}

/** Typical AVQI of the last 30 days minus the 30 before (negative is better); null without both. */
export function monthChange(list: readonly ShownAssessment[], nowMs: number): number | null {
  const now = typicalAvqi(within(list, nowMs - 30 * DAY, nowMs + 1).map((a) => a.avqi));
  const before = typicalAvqi(within(list, nowMs - 60 * DAY, nowMs - 30 * DAY).map((a) => a.avqi));
  return now === null || before === null ? null : round(now - before, 2);
}

/**
 * Goal progress in the metric's own unit. Higher-better: current / target. AVQI (lower is
 * better, and may be below 0): how far from the scale's top (8) towards the target.
 */
export function goalProgress(metric: MeasuredMetric, current: number, target: number) {
  const digits = metric === 'voiceQualityScore' ? 2 : metric === 'voiceRange' ? 0 : 1;
  if (!HIGHER_BETTER[metric]) {
    const done = current <= target;
    const percent = done ? 100 : Math.max(0, Math.round(((8 - current) / Math.max(0.01, 8 - target)) * 100));
    return { percent, toGo: done ? 0 : Number((current - target).toFixed(digits)) };
  }
  const done = current >= target;
  return {
    percent: done ? 100 : target <= 0 ? 100 : Math.round((current / target) * 100),
    toGo: done ? 0 : Number((target - current).toFixed(digits)),
  };
}

export const METRIC_TEXT: Record<
  MeasuredMetric,
  { label: string; unit: string; explain: string; tip: string; area: string; defaultTarget: number }
> = {
  voiceQualityScore: {
    label: 'voice quality index (AVQI)',
    unit: '',
    explain:
      'The Acoustic Voice Quality Index from your assessments: how hoarse or breathy your voice sounds. Lower is better; at or below 2.43 is the range of typical voices.',
    tip: 'Rest your voice, drink water and take the assessment at the same time of day to compare like with like.',
    area: 'free',
    defaultTarget: 2,
  },
  tonalClarity: {
    label: 'tonal clarity (CPPS)',
    unit: 'dB',
    explain:
      'Smoothed cepstral peak prominence: how clearly the regular pattern of your voice stands out from noise. Higher is clearer.',
    tip: 'Start notes gently but fully, without a breathy onset.',
    area: 'fine-tune',
    defaultTarget: 15,
  },
  breathSupport: {
    label: 'breath support (maximum phonation time)',
    unit: 's',
    explain:
      'The longest "ah" you held on one breath in the assessment’s breath task. Healthy adults usually manage about 15–25 seconds or more.',
    tip: 'Breathe low into your belly and release on a long "sss" before you sing.',
    area: 'free',
    defaultTarget: 20,
  },
  voiceRange: {
    label: 'voice range',
    unit: 'semitones',
    explain:
      'From your lowest to your highest note in your newest range check, in semitones (twelve make an octave).',
    tip: 'Warm up with gentle glides on a lip trill before reaching for the edges of your range.',
    area: 'free',
    defaultTarget: 24,
  },
};

export function formatMetric(metric: MeasuredMetric, value: number): string {
  const { unit } = METRIC_TEXT[metric];
  const text = value.toFixed(metric === 'voiceQualityScore' ? 2 : metric === 'voiceRange' ? 0 : 1);
  return unit ? `${text} ${unit}` : text;
}

/**
 * A set of assessments in words, by counting them against the published boundary (AVQI 03.01,
 * 2.43: Barsties & Maryn 2015), never by a mean: "2 of 3 assessments were in the range of
 * typical voices." Null without assessments.
 */
export function assessmentsInWords(avqis: readonly number[], when: string): string | null {
  if (avqis.length === 0) return null;
  const typical = avqis.filter((v) => v <= AVQI_BOUNDARY).length;
  if (avqis.length === 1)
    return typical === 1
      ? `Your voice sounded clear ${when}: in the range of typical voices.`
      : `Your voice sounded hoarse or breathy ${when}: above the range of typical voices.`;
  if (typical === avqis.length)
    return `Your voice sounded clear ${when}: all ${avqis.length} assessments were in the range of typical voices.`;
  if (typical === 0)
    return `Your voice sounded hoarse or breathy ${when}: all ${avqis.length} assessments were above the range of typical voices.`;
  return `${typical} of ${avqis.length} assessments ${when} were in the range of typical voices; ${avqis.length - typical} sounded hoarse or breathy.`;
}
