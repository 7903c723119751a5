/** One analysis frame, produced every `hop` samples from a window of 3 periods of the pitch floor. */
export interface VoiceFrame {
  /** Seconds since the first sample, at the centre of the analysis window. */
  t: number;
  /** Root-mean-square amplitude of the window after DC removal (full scale = 1). */
  rms: number;
  /** Largest absolute sample in the window after DC removal. */
  peak: number;
  /** Fundamental frequency in Hz when the frame is voiced (50-1500 Hz, or the configured range), else null. */
  f0: number | null;
  /** MIDI-style semitone number of f0 (69 = A4 = 440 Hz), null when f0 is null. */
  semitone: number | null;
  /** 0..1, HNR / 25 dB clamped (HNR from the normalised autocorrelation peak). */
  clarity: number;
  /** 0..1, 1 - mean semitone step / 12 over the last 50 voiced frames; 0 until 10 exist. */
  stability: number;
  /** 0..1, 0.8 x clamp((20 - HNR dB) / 20) + 0.2 x share of 0-4 kHz energy above 1 kHz. */
  breathiness: number;
  /** 0..1, level of 800-4000 Hz over 200-800 Hz, -30 dB -> 0 to +5 dB -> 1. */
  resonance: number;
  /** Magnitude-weighted mean frequency of the Hann-windowed spectrum, Hz. */
  spectralCentroid: number;
  /** Fraction of adjacent sample pairs whose sign differs, 0..1. */
  zeroCrossingRate: number;
  /** 0..1, min(1, volume x 1.2): the spec's volume x 120 capped at 100, as a fraction. */
  projection: number;
  /** 0..1, max - min volume over the last 50 frames with sound; 0 until 10 exist. */
  dynamicRange: number;
  /** 0..1 level: -50 dBFS -> 0, 0 dBFS -> 1, linear in dB. */
  volume: number;
  /** Harmonics-to-noise ratio in dB from the normalised autocorrelation peak. */
  hnr: number;
  /** YIN's CMNDF at the chosen lag (0 = perfectly periodic); the voicing decision uses it. */
  aperiodicity: number;
}

export interface VoiceAnalyserOptions {
  /** 8000-96000 Hz (above 48 kHz the engine halves the rate first). */
  sampleRate: number;
  /** Input samples between frames; default 10 ms (sampleRate / 100). */
  hop?: number;
  /** The member's pitch range, when known (clamped: floor 50-120 Hz, ceiling 700-1500 Hz). */
  pitchRange?: PitchRange;
}

export interface PitchRange {
  floorHz: number;
  ceilingHz: number;
}

export interface VoiceAnalyser {
  readonly sampleRate: number;
  readonly hop: number;
  readonly windowSize: number;
  /** Feeds samples; calls onFrame for each completed frame with a reused object (copy it to keep it). */
  process(samples: Float32Array, onFrame: (frame: VoiceFrame) => void): void;
  /** Convenience for offline use: feeds samples and returns copies of every frame. */
  analyse(samples: Float32Array): VoiceFrame[];
  /** Analyses exactly one window (windowSize samples at the working rate), bypassing the ring buffer. */
  analyseWindow(window: Float32Array): VoiceFrame;
  /** Clears the ring buffer, the clock and the histories. */
  reset(): void;
  /** Narrows the searched pitch range (resets the stream); returns the range after clamping. */
  setPitchRange(floorHz: number, ceilingHz: number): PitchRange;
}

export interface DecodedWav {
  sampleRate: number;
  /** Channels in the file; samples are always mono (mean of the channels). */
  channels: number;
  bitsPerSample: number;
  format: 'pcm' | 'float';
  samples: Float32Array;
}
