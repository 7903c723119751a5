import type { AssessmentResult } from '../../../dsp/assessment-types';
import { AVQI_BOUNDARY } from '../../domain/voice/avqi';

/** One boundary for the engine, the CLI and the screens (src/domain/voice/avqi.ts). */
export { AVQI_BOUNDARY };

/**
 * What each number of the assessment means, in one plain sentence, with its unit and which
 * way is better. Sources: Barsties & Maryn 2015 (AVQI 03.01 and its six measures), Maryn et al.
 * 2010 (the index), Maslan et al. 2011 (maximum phonation time in healthy adults).
 */
/** The scale drawn on screen; values outside it sit at its ends (the number is still shown). */
export const SCALE_MIN = 0;
export const SCALE_MAX = 8;

export type MeasureKey =
  keyof Omit<AssessmentResult, 'analysisMs' | 'engineVersion' | 'jitterPercent'> | 'mptSeconds';

export interface MeasureText {
  label: string;
  unit: string;
  digits: number;
  /** 'higher' or 'lower' is better, or null where neither direction is simply better. */
  better: 'higher' | 'lower' | null;
  meaning: string;
}

export const MEASURES: Record<MeasureKey, MeasureText> = {
  avqi: {
    label: 'voice quality index (AVQI)',
    unit: '',
    digits: 2,
    better: 'lower',
    meaning:
      'One number for how hoarse or breathy your voice sounds, combined from six measures (under "details"); below 2.43 is the range of typical voices.',
  },
  cpps: {
    label: 'tonal clarity (CPPS)',
    unit: 'dB',
    digits: 1,
    better: 'higher',
    meaning:
      'How clearly the regular pattern of your voice stands out from noise, in the "ah" and the sentence: higher is clearer.',
  },
  hnr: {
    label: 'harmonics-to-noise ratio',
    unit: 'dB',
    digits: 1,
    better: 'higher',
    meaning: 'How much of your "ah" is tone rather than breath noise: higher is clearer.',
  },
  shimmerPercent: {
    label: 'shimmer',
    unit: '%',
    digits: 1,
    better: 'lower',
    meaning:
      'How much your loudness wobbles from one vibration of the vocal folds to the next: lower is steadier.',
  },
  shimmerDb: {
    label: 'shimmer in decibels',
    unit: 'dB',
    digits: 2,
    better: 'lower',
    meaning: 'The same cycle-to-cycle wobble of loudness, measured in decibels: lower is steadier.',
  },
  ltasSlope: {
    label: 'spectral slope',
    unit: 'dB',
    digits: 1,
    better: null,
    meaning:
      'How much weaker the high part of your voice (1–10 kHz) is than its low part (below 1 kHz); breath noise raises the high part.',
  },
  ltasTilt: {
    label: 'spectral tilt',
    unit: 'dB',
    digits: 1,
    better: null,
    meaning:
      'The overall lean of your voice’s average spectrum from low to high pitches, which changes with breathiness and strain.',
  },
  mptSeconds: {
    label: 'breath support (maximum phonation time)',
    unit: 's',
    digits: 1,
    better: 'higher',
    meaning:
      'How long you held "ah" on one breath; healthy adults usually manage about 15–25 seconds or more.',
  },
};

export const RESULT_ORDER: Exclude<MeasureKey, 'mptSeconds'>[] = [
  'cpps',
  'hnr',
  'shimmerPercent',
  'shimmerDb',
  'ltasSlope',
  'ltasTilt',
];

export function formatMeasure(key: MeasureKey, value: number): string {
  const m = MEASURES[key];
  const text = value.toFixed(m.digits);
  return m.unit === '' ? text : m.unit === '%' ? `${text} %` : `${text} ${m.unit}`;
}

/** Which side of the boundary, in words that never rely on colour. */
export function sideOfBoundary(avqi: number): 'typical' | 'above' {
  return avqi <= AVQI_BOUNDARY ? 'typical' : 'above';
}

/**
 * The result in one sentence a member understands, before any number (issue 31: "plain words
 * first"). Only the published boundary is used (AVQI 03.01, 2.43: Barsties & Maryn 2015); no
 * severity bands beyond it are claimed, because the method publishes none.
 */
export function avqiInWords(avqi: number): string {
  return sideOfBoundary(avqi) === 'typical'
    ? 'Your voice sounds clear today: in the range of typical voices.'
    : 'Your voice sounds hoarse or breathy today: above the range of typical voices.';
}

/** Where on the drawn scale a value sits, 0-100 %. */
export function scalePercent(avqi: number): number {
  const clamped = Math.min(SCALE_MAX, Math.max(SCALE_MIN, avqi));
  return ((clamped - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)) * 100;
}

/**
 * A change between two assessments in words. A change smaller than `steady` is "about the
 * same": 0.5 for AVQI and 2 s for the breath task are our own margins for day-to-day, room and
 * microphone variation (not published figures); the other measures use their shown digits.
 */
export function changeText(key: MeasureKey, now: number, before: number): string {
  const steady = key === 'avqi' ? 0.5 : key === 'mptSeconds' ? 2 : 10 ** -MEASURES[key].digits;
  const diff = now - before;
  if (Math.abs(diff) < steady) return 'about the same as last time';
  const amount = formatMeasure(key, Math.abs(diff));
  const dir = diff < 0 ? 'lower' : 'higher';
  const better = MEASURES[key].better;
  const judged = better === null ? '' : better === dir ? ' (better)' : ' (less good)';
  return `${amount} ${dir} than last time${judged}`;
}

/**
 * Whether to suggest a voice professional: two of the latest three results (newest first,
 * this one included) above the boundary. One result above it can be a cold or a tired day.
 */
export function suggestProfessional(newestFirst: readonly number[]): boolean {
  return newestFirst.slice(0, 3).filter((a) => a > AVQI_BOUNDARY).length >= 2;
}
