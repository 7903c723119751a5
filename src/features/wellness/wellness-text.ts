import { countText } from '../../lib/plural';
import type { BiometricType, Insight } from './wellness-api';

/** Pure texts and rules of the wellness screen (mirroring server/api/wellness/rules.ts). */
export const WELLNESS_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'mood', label: 'Mood' },
  { key: 'vitals', label: 'Vitals' },
] as const;
export type WellnessTab = (typeof WELLNESS_TABS)[number]['key'];

export const EMOTIONS = [
  'calm',
  'happy',
  'grateful',
  'hopeful',
  'energized',
  'tired',
  'anxious',
  'sad',
  'frustrated',
  'overwhelmed',
] as const;

/** Spec 2 §9: mood defaults mood 7, stress 5, anxiety 5, energy 5. */
export const MOOD_DEFAULTS = { moodScore: 7, stressLevel: 5, anxietyLevel: 5, energyLevel: 5 };

export const BIOMETRIC_TYPES: Record<
  BiometricType,
  { label: string; unit: string; min: number; max: number; step: number }
> = {
  heart_rate: { label: 'Heart rate', unit: 'bpm', min: 25, max: 250, step: 1 },
  hrv: { label: 'Heart rate variability (HRV)', unit: 'ms', min: 5, max: 300, step: 1 },
  stress_level: { label: 'Stress level', unit: 'score', min: 1, max: 10, step: 1 },
  sleep_quality: { label: 'Sleep quality', unit: 'score', min: 1, max: 10, step: 1 },
};

export const SOURCE_DEVICES = [
  { value: 'manual', label: 'Manual entry' },
  { value: 'apple_watch', label: 'Apple Watch' },
  { value: 'fitbit', label: 'Fitbit' },
  { value: 'garmin', label: 'Garmin' },
  { value: 'oura', label: 'Oura' },
];

/** '8 /10' for scores, '62 bpm' otherwise. */
export function formatVital(value: number, unit: string): string {
  const v = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return unit === 'score' ? `${v} /10` : `${v} ${unit}`;
}

/** The value the biometric dialog may send, or the reason it may not (a type and a value are needed). */
export function checkVital(type: BiometricType | '', raw: string): { value: number } | { problem: string } {
  if (type === '') return { problem: 'Choose a data type.' };
  if (raw.trim() === '') return { problem: 'Enter a value.' };
  const value = Number(raw);
  const rule = BIOMETRIC_TYPES[type];
  if (!Number.isFinite(value)) return { problem: 'The value must be a number.' };
  if (value < rule.min || value > rule.max || (rule.unit === 'score' && !Number.isInteger(value)))
    return {
      problem: `${rule.label} must be ${rule.unit === 'score' ? 'a whole number ' : ''}from ${rule.min} to ${rule.max}${rule.unit === 'score' ? '' : ` ${rule.unit}`}.`,
    };
  return { value };
}

/** A datetime-local value ('2026-01-31T08:05') for an instant, in the browser's zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The ISO instant of a datetime-local value, or null when it is empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * An insight's effect in words: "Correlation -62%", "Difference 1.5 points" (mood and stress on
 * the 1-10 scale) or "Difference 17%" (the tonal clarity claim, a percentage of CPPS).
 */
export function insightEffect(i: Insight): string {
  if (i.kind === 'correlation') return `Correlation ${i.correlation}%`;
  return i.unit === 'percent'
    ? `Difference ${i.difference}%`
    : `Difference ${countText(i.difference ?? 0, 'point')}`;
}
