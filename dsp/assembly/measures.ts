// Mappings from raw acoustics to the app's 0..1 measures. Each is documented in
// dsp/README.md; constants live here so the loader and the docs can quote them.

/** Level at which the mapped volume reaches 0 (dBFS); 0 dBFS maps to 1. */
export const VOLUME_FLOOR_DB: f64 = -50;
/** A periodic frame under this f0 whose harmonics hold less than HUM_HARMONIC_SHARE of its
 * power is mains hum, not voice. */
export const HUM_MAX_HZ: f64 = 72;
export const HUM_HARMONIC_SHARE: f64 = 0.05;
/** HNR (dB) that maps to clarity 1; a healthy sustained vowel is about 20 dB (Praat). */
export const CLARITY_FULL_HNR_DB: f64 = 25;
/** HNR (dB) at and above which the aperiodic part of breathiness is 0. */
export const BREATHY_CLEAN_HNR_DB: f64 = 20;

export function clamp01(v: f64): f64 {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

export function dbfs(rms: f64): f64 {
  return rms > 1e-10 ? 20.0 * Math.log10(rms) : -200.0;
}

/** volume = (dBFS(rms) - floor) / -floor, clamped: -50 dBFS -> 0, -20 dBFS -> 0.6, 0 dBFS -> 1. */
export function volumeOf(rms: f64): f64 {
  return clamp01((dbfs(rms) - VOLUME_FLOOR_DB) / -VOLUME_FLOOR_DB);
}

/** Praat-style HNR from the normalised autocorrelation peak r: 10 log10(r / (1 - r)). */
export function hnrDb(r: f64): f64 {
  if (r <= 1e-6) return -60;
  if (r >= 1 - 1e-9) return 90;
  return 10.0 * Math.log10(r / (1.0 - r));
}

export function clarityOf(hnr: f64): f64 {
  return clamp01(hnr / CLARITY_FULL_HNR_DB);
}

/**
 * Breathiness: mostly aperiodicity, plus a little spectral tilt, following Hillenbrand et al.
 * 1994 (periodicity explains most breathiness ratings, tilt a little). The aperiodic part maps
 * HNR linearly from 20 dB (a healthy sustained vowel, 0) to 0 dB (as much noise as voice, 1);
 * the tilt part is the share of 0-4 kHz energy lying above 1 kHz.
 * breathiness = 0.8 x clamp((20 - HNR) / 20) + 0.2 x tilt.
 */
export function breathinessOf(hnr: f64, lowPower: f64, highPower: f64): f64 {
  const aperiodic = clamp01((BREATHY_CLEAN_HNR_DB - hnr) / BREATHY_CLEAN_HNR_DB);
  const total = lowPower + highPower;
  const tilt = total > 0 ? highPower / total : 0;
  return clamp01(0.8 * aperiodic + 0.2 * tilt);
}

/**
 * Resonance from the spec's bands: the level of the formant/"ring" bands (800-2500 and
 * 2500-4000 Hz) relative to the first-formant band (200-800 Hz), in dB, mapped linearly from
 * -30 dB (dull, 0) to +5 dB (very bright, 1). Sung and spoken vowels mostly fall between
 * -25 and -5 dB; a bright, forward /a/ or /i/ reaches 0.7 (the spec's praise threshold).
 */
export function resonanceOf(b1: f64, b2: f64, b3: f64): f64 {
  if (b1 <= 0 && b2 + b3 <= 0) return 0;
  const ratioDb = 10.0 * Math.log10((b2 + b3 + 1e-20) / (b1 + 1e-20));
  return clamp01((ratioDb + 30.0) / 35.0);
}

/** MIDI-style semitone number: 69 = A4 = 440 Hz. */
export function semitoneOf(f0: f64): f64 {
  return 69.0 + 12.0 * Math.log2(f0 / 440.0);
}
