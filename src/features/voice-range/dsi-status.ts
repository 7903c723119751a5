import { dsiFromInputs, type DsiInputs } from '../../domain/voice/dsi';

interface RangeLike {
  recordedAt: string;
  highestHz: number;
  levels: 'spl' | 'relative';
  softestDb?: number | null;
}
interface AssessmentLike {
  recordedAt: string;
  mptSeconds: number | null;
  jitterPercent?: number | null;
}

export type DsiStatus =
  | { kind: 'value'; dsi: number; words: string; inputs: DsiInputs; rangeAt: string; assessmentAt: string }
  | { kind: 'missing'; why: string };

/**
 * The Dysphonia Severity Index from the newest calibrated range check (its highest F0 and
 * softest level in dB SPL) and the newest assessment with a breath task and jitter (maximum
 * phonation time, jitter local %): both lists newest first. When it cannot be worked out,
 * says why in the member's terms.
 */
export function dsiStatus(ranges: readonly RangeLike[], assessments: readonly AssessmentLike[]): DsiStatus {
  const range = ranges.find((r) => r.levels === 'spl' && typeof r.softestDb === 'number');
  const assessment = assessments.find((a) => a.mptSeconds !== null && typeof a.jitterPercent === 'number');
  if (!range) {
    return {
      kind: 'missing',
      why:
        ranges.length === 0
          ? 'It needs a range check made with a calibrated device: your highest note and your softest level in decibels.'
          : 'It needs your softest level in decibels, so a range check made after calibrating this device (on the range screen); your range checks so far have relative levels.',
    };
  }
  if (!assessment) {
    return {
      kind: 'missing',
      why: assessments.some((a) => a.mptSeconds !== null)
        ? 'It needs a voice assessment that measured jitter (the steadiness of each vibration): take the assessment again with the breath task.'
        : 'It needs a voice assessment with the breath task (how long you can hold “ah”): take the assessment and do the third step.',
    };
  }
  const inputs: DsiInputs = {
    mptSeconds: assessment.mptSeconds!,
    highestHz: range.highestHz,
    softestDbSpl: range.softestDb!,
    jitterPercent: assessment.jitterPercent!,
  };
  const dsi = Math.round(dsiFromInputs(inputs) * 10) / 10;
  return {
    kind: 'value',
    dsi,
    words: dsiInWords(dsi),
    inputs,
    rangeAt: range.recordedAt,
    assessmentAt: assessment.recordedAt,
  };
}

/** Where a DSI sits on its published scale, +5 a typical voice and -5 a severely dysphonic one. */
export function dsiInWords(dsi: number): string {
  if (dsi >= 4) return 'At the typical end of the scale, where +5 is a typical healthy voice.';
  if (dsi >= 1) return 'Toward the typical end of the scale (+5 typical, −5 severely hoarse).';
  if (dsi > -1) return 'Midway on the scale between a typical voice (+5) and a severely hoarse one (−5).';
  if (dsi > -4) return 'Toward the hoarse end of the scale (+5 typical, −5 severely hoarse).';
  return 'At the severe end of the scale, where −5 is a severely hoarse voice.';
}
