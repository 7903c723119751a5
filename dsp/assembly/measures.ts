// Mappings from raw acoustics to the app's 0..1 measures. Each is documented in
// dsp/README.md; constants live here so the loader and the docs can quote them.

/** Level at which the mapped volume reaches 0 (dBFS); 0 dBFS maps to 1. */
export const VOLUME_FLOOR_DB: f64 = -50;
/** A periodic frame under this f0 whose harmonics hold less than HUM_HARMONIC_SHARE of its
 * power is mains hum, not voice. */
export const HUM_MAX_HZ: f64 = 72;
export const HUM_HARMONIC_SHARE: f64 = 0.05;
/** HNR scale of clarity: clarity = 1 - exp(-HNR / this). 15 dB -> 0.63, 25 dB -> 0.81. */
export const CLARITY_SCALE_DB: f64 = 15;
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

/**
 * clarity = 1 - exp(-max(0, HNR) / 15 dB): never clamped, so good voices stay apart
 * (11.8 dB -> 0.54, 17 dB -> 0.68, 22 dB -> 0.77, 30 dB -> 0.86, 40 dB -> 0.93).
 */
export function clarityOf(hnr: f64): f64 {
  return hnr <= 0 ? 0 : 1.0 - Math.exp(-hnr / CLARITY_SCALE_DB);
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
 * Resonance from the singer's-formant level (strongest partial 2-4 kHz minus strongest
 * 0-2 kHz, dB), mapped linearly from -45 dB (no ring, 0) to -20 dB (strong ring, 1).
 */
export function resonanceOf(singersFormantDb: f64): f64 {
  return clamp01((singersFormantDb + 45.0) / 25.0);
}

/**
 * Projection from the level of the voice's periodic part (dBFS of RMS x sqrt(r), so added
 * noise does not raise it) and the alpha ratio (vocal effort flattens the tilt):
 * 0.6 x clamp((harmonicDb + 50) / 35) + 0.4 x clamp((alpha + 30) / 25) x r.
 */
export function projectionOf(harmonicDb: f64, alphaDb: f64, periodicity: f64): f64 {
  // Noise flattens the tilt too; the tilt term counts only as far as the frame is periodic.
  return (
    0.6 * clamp01((harmonicDb + 50.0) / 35.0) + 0.4 * clamp01((alphaDb + 30.0) / 25.0) * clamp01(periodicity)
  );
}

/** MIDI-style semitone number: 69 = A4 = 440 Hz. */
export function semitoneOf(f0: f64): f64 {
  return 69.0 + 12.0 * Math.log2(f0 / 440.0);
}
