// Fixed-size histories (50 entries, as the spec says) for stability and dynamic range.

export const HISTORY: i32 = 50;
export const MIN_SAMPLES: i32 = 10;

const pitch = new StaticArray<f32>(HISTORY);
const volume = new StaticArray<f32>(HISTORY);
let pitchCount: i32 = 0;
let pitchHead: i32 = 0;
let volumeCount: i32 = 0;
let volumeHead: i32 = 0;

export function historyReset(): void {
  pitchCount = 0;
  pitchHead = 0;
  volumeCount = 0;
  volumeHead = 0;
}

export function pushPitch(semitone: f32): void {
  unchecked((pitch[pitchHead] = semitone));
  pitchHead = (pitchHead + 1) % HISTORY;
  if (pitchCount < HISTORY) pitchCount++;
}

export function pushVolume(level: f32): void {
  unchecked((volume[volumeHead] = level));
  volumeHead = (volumeHead + 1) % HISTORY;
  if (volumeCount < HISTORY) volumeCount++;
}

/** stability = 1 - mean |step| (semitones) / 12 over the pitch history, clamped to 0..1; 0 until 10 samples. */
export function stability(): f32 {
  if (pitchCount < MIN_SAMPLES) return 0;
  // Oldest entry is at head - count (mod HISTORY); walk forward in time.
  const start = (pitchHead - pitchCount + HISTORY) % HISTORY;
  let sum: f32 = 0;
  let prev = unchecked(pitch[start]);
  for (let i = 1; i < pitchCount; i++) {
    const v = unchecked(pitch[(start + i) % HISTORY]);
    sum += Mathf.abs(v - prev);
    prev = v;
  }
  const s = <f32>1 - sum / <f32>(pitchCount - 1) / <f32>12;
  return s < 0 ? 0 : s > 1 ? 1 : s;
}

/** Dynamic range = max - min of the volume history (0..1 level); 0 until 10 samples. */
export function dynamicRange(): f32 {
  if (volumeCount < MIN_SAMPLES) return 0;
  let lo: f32 = 1,
    hi: f32 = 0;
  for (let i = 0; i < volumeCount; i++) {
    const v = unchecked(volume[i]);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo;
}
