// Averages over a run of frames, as the CLI and the tests report them.
import type { VoiceFrame } from './types';

export interface FrameSummary {
  duration: number;
  frames: number;
  voicedFrames: number;
  /** Median f0 of voiced frames, Hz (null if none). */
  medianF0: number | null;
  /** Means over voiced frames (the voice-quality measures only mean something there). */
  clarity: number;
  breathiness: number;
  resonance: number;
  hnr: number;
  /** Mean over voiced frames that have one (a note held 0.3 s), as the app aggregates it. */
  stability: number;
  /** Mean over voiced frames that did not clip, as the app aggregates it. */
  projection: number;
  /** Share of voiced frames that clipped. */
  clippedShare: number;
  /** Means over frames with sound (volume > 0.08). */
  volume: number;
  spectralCentroid: number;
  zeroCrossingRate: number;
  rms: number;
  peak: number;
  dynamicRange: number;
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? null) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

export function summariseFrames(frames: VoiceFrame[], duration: number): FrameSummary {
  const voiced = frames.filter((f) => f.f0 !== null);
  const sound = frames.filter((f) => f.volume > 0.08);
  const withStability = voiced.filter((f) => f.stability > 0);
  const last = frames[frames.length - 1];
  return {
    duration,
    frames: frames.length,
    voicedFrames: voiced.length,
    medianF0: median(voiced.map((f) => f.f0 ?? 0)),
    clarity: mean(voiced.map((f) => f.clarity)),
    breathiness: mean(voiced.map((f) => f.breathiness)),
    resonance: mean(voiced.map((f) => f.resonance)),
    hnr: mean(voiced.map((f) => f.hnr)),
    stability: mean(withStability.map((f) => f.stability)),
    projection: mean(voiced.filter((f) => !f.clipped).map((f) => f.projection)),
    clippedShare: voiced.length ? voiced.filter((f) => f.clipped).length / voiced.length : 0,
    volume: mean(sound.map((f) => f.volume)),
    spectralCentroid: mean(sound.map((f) => f.spectralCentroid)),
    zeroCrossingRate: mean(sound.map((f) => f.zeroCrossingRate)),
    rms: mean(sound.map((f) => f.rms)),
    peak: Math.max(0, ...frames.map((f) => f.peak)),
    dynamicRange: last?.dynamicRange ?? 0,
  };
}
