// Mains buzz. A ground loop or a transformer puts the mains frequency (50 or 60 Hz) and its
// harmonics under a recording: periodic, with strong harmonics, so neither the pure-hum rule
// (harmonicShare) nor the voicing cost rejects it, and in a pause of a loud voice it is not
// silent either. What gives it away is that it is a machine: its period is the grid's own to a
// fraction of a percent and it repeats exactly (CMNDF near 0), while a voice that low is never
// that regular (creak and a bass's chest voice have jitter and shimmer). Once a frame has shown
// the buzz exactly, it is still there under the next few seconds' breaths and consonants, where
// noise makes it look less exact: candidates within 1.5 % of it are blocked for that long too.

/** How close to 50 or 60 Hz a machine-exact candidate must be (grids hold +-0.2 %). */
export const MAINS_TOLERANCE: f64 = 0.004;
/** A candidate at least this periodic (CMNDF) is machine-exact: synthetic voices gliding through 50 or 60 Hz measured 0.02 or more, a buzz 30 dB above the room noise about 0.002. */
export const MAINS_MAX_APERIODICITY: f64 = 0.01;
/** After an exact sighting: how close to that frequency a noisier candidate is still the buzz. */
export const MAINS_NEAR: f64 = 0.015;
/** ... and for how many frames (3 s at the 10 ms hop). */
export const MAINS_MEMORY_FRAMES: i32 = 300;

let mainsHz: f64 = 0;
let framesSince: i32 = MAINS_MEMORY_FRAMES;

export function mainsReset(): void {
  mainsHz = 0;
  framesSince = MAINS_MEMORY_FRAMES;
}

/** Call once per analysed frame, before mainsBlocks. */
export function mainsNextFrame(): void {
  if (framesSince < MAINS_MEMORY_FRAMES) framesSince++;
}

function exactMains(f0: f64): f64 {
  if (Math.abs(f0 / 50.0 - 1.0) < MAINS_TOLERANCE) return 50;
  if (Math.abs(f0 / 60.0 - 1.0) < MAINS_TOLERANCE) return 60;
  return 0;
}

/** True when a pitch candidate (Hz, CMNDF) is the mains buzz rather than a voice. */
export function mainsBlocks(f0: f64, aperiodicity: f64): bool {
  const grid = aperiodicity < MAINS_MAX_APERIODICITY ? exactMains(f0) : 0;
  if (grid > 0) {
    mainsHz = grid;
    framesSince = 0;
    return true;
  }
  return framesSince < MAINS_MEMORY_FRAMES && Math.abs(f0 / mainsHz - 1.0) < MAINS_NEAR;
}
