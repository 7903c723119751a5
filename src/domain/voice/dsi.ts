// The Dysphonia Severity Index (Wuyts et al. 2000, "The Dysphonia Severity Index: an objective
// measure of vocal quality based on a multiparameter approach", J Speech Lang Hear Res 43(3),
// 796-809): a weighted sum of maximum phonation time, the highest F0 and the softest level of
// the voice range profile, and jitter. On its published scale +5 is a typical voice and -5 a
// severely dysphonic one.
// I-low is in dB SPL: the DSI is only defined with a calibrated level (issue 31).

export interface DsiInputs {
  /** Maximum phonation time, s. */
  mptSeconds: number;
  /** Highest F0 of the voice range profile, Hz. */
  highestHz: number;
  /** Softest level of the voice range profile, dB SPL (calibrated, 30 cm). */
  softestDbSpl: number;
  /** Jitter (local) of the sustained vowel, percent, as Praat's voice report gives it. */
  jitterPercent: number;
}

export function dsiFromInputs(i: DsiInputs): number {
  return 0.13 * i.mptSeconds + 0.0053 * i.highestHz - 0.26 * i.softestDbSpl - 1.18 * i.jitterPercent + 12.4;
}
