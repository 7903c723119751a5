import { semitonesBetween } from '../../../src/domain/voice/range';
import { BOUNDS, type RangeBody } from './schema';

/** How far a sent range may be from 12 log2(high / low): the device rounds it to 0.1. */
const SEMITONE_SLACK = 0.1 + 1e-9;
/** How far the sent softest level may be from the profile's softest: rounding only. */
const SOFTEST_SLACK = 0.1 + 1e-9;

/**
 * The first way a range check does not hang together, as [field, message]: numbers the
 * device's engine could not have produced (a range that does not follow from its two notes,
 * a profile out of order, levels of the other kind) are refused rather than kept.
 */
export function rangeProblem(b: RangeBody): [string, string] | null {
  if (b.highestHz < b.lowestHz) return ['highestHz', 'must not be below lowestHz'];
  const expected = semitonesBetween(b.lowestHz, b.highestHz);
  if (Math.abs(b.rangeSemitones - 12 * Math.log2(b.highestHz / b.lowestHz)) > SEMITONE_SLACK)
    return [
      'rangeSemitones',
      `must follow from the two frequencies: 12 log2(highestHz / lowestHz) = ${expected}`,
    ];
  const [lo, hi] = b.levels === 'spl' ? BOUNDS.spl : BOUNDS.relative;
  for (let i = 0; i < b.profile.length; i++) {
    const p = b.profile[i]!;
    if (i > 0 && p.semitone <= b.profile[i - 1]!.semitone)
      return ['profile', 'must list each semitone once, lowest first'];
    if (p.minDb > p.maxDb) return ['profile', `semitone ${p.semitone}: minDb must not be above maxDb`];
    if (p.minDb < lo || p.maxDb > hi)
      return ['profile', `levels must be from ${lo} to ${hi} dB with levels '${b.levels}'`];
  }
  const softest = b.softestDb ?? null;
  if (softest !== null) {
    if (b.levels !== 'spl') return ['softestDb', "is kept only with a calibrated level (levels 'spl')"];
    const min = Math.min(...b.profile.map((p) => p.minDb));
    if (Math.abs(softest - min) > SOFTEST_SLACK)
      return ['softestDb', `must be the profile's softest level (${min} dB SPL)`];
  }
  return null;
}
