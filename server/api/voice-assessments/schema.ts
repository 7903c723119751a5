import { z } from 'zod';
import { instantField } from '../../lib/dates';
import { lineText } from '../../lib/text';

/**
 * Plausible bounds for each measure, in Praat's units. Wide enough for every real voice and for
 * the clean synthetic voices of fixtures/voice/avqi (Praat gives AVQI down to about -6 and HNR
 * up to 47 dB there), narrow enough that a unit mistake (a ratio for a percent, Hz for dB) is
 * refused with the field's name. The migration's CHECKs hold the same numbers.
 */
export const BOUNDS = {
  avqi: [-10, 15],
  cpps: [-10, 50],
  hnr: [-20, 80],
  shimmerPercent: [0, 100],
  shimmerDb: [0, 10],
  ltasSlope: [-80, 20],
  ltasTilt: [-60, 20],
  // Maximum phonation time: healthy adults hold a vowel for about 15-35 s; 120 s is beyond any.
  mptSeconds: [0.5, 120],
  // Jitter (local): healthy voices about 0.2-1 %, severely dysphonic ones a few percent; 30 % is
  // beyond any voice Praat tracks (and a ratio sent for a percent is below 0.3, still allowed).
  jitterPercent: [0, 30],
} as const;

const measure = (name: keyof typeof BOUNDS, unit: string) => {
  const [min, max] = BOUNDS[name];
  const message = `must be a number from ${min} to ${max}${unit}`;
  return z.number({ error: message }).finite(message).min(min, message).max(max, message);
};

export const assessmentBody = z
  .object({
    avqi: measure('avqi', ''),
    cpps: measure('cpps', ' dB'),
    hnr: measure('hnr', ' dB'),
    shimmerPercent: measure('shimmerPercent', ' %'),
    shimmerDb: measure('shimmerDb', ' dB'),
    ltasSlope: measure('ltasSlope', ' dB'),
    ltasTilt: measure('ltasTilt', ' dB'),
    // Optional: the breath task may be skipped; null and absent both mean "not measured".
    mptSeconds: measure('mptSeconds', ' s').nullable().optional(),
    // Optional: checks saved before the engine measured it have none (issue 31).
    jitterPercent: measure('jitterPercent', ' %').nullable().optional(),
    recordedAt: instantField(),
    engineVersion: lineText().trim().min(1, 'must not be empty').max(40, 'must be at most 40 characters'),
  })
  .strict();

export type AssessmentBody = z.infer<typeof assessmentBody>;
