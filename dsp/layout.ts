// Offsets of the f32 fields in one Wasm output frame; mirrors dsp/assembly/layout.ts
// (a test checks that the two files agree).
export const FrameField = {
  T: 0,
  RMS: 1,
  PEAK: 2,
  F0: 3,
  SEMITONE: 4,
  CLARITY: 5,
  STABILITY: 6,
  BREATHINESS: 7,
  RESONANCE: 8,
  CENTROID: 9,
  ZCR: 10,
  PROJECTION: 11,
  DYNAMIC_RANGE: 12,
  VOLUME: 13,
  VOICED: 14,
  PERIODICITY: 15,
  HNR: 16,
  F0_CANDIDATE: 17,
  APERIODICITY: 18,
  BAND1: 19,
  BAND2: 20,
  BAND3: 21,
} as const;

export const FRAME_STRIDE = 24;
