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
  /** 0..1, 1 - exp(-HNR / 15 dB) on voiced frames, else 0. */
  clarity: number;
  /**
   * 0..1 on voiced frames of a note held 0.3 s or more (else 0): 1 - (0.35 jitter/2 % +
   * 0.25 shimmer/10 % + 0.4 wobble/50 cents), each term capped at 1; vibrato is removed from wobble.
   */
  stability: number;
  /** 0..1, 0.8 x clamp((20 - HNR dB) / 20) + 0.2 x share of 0-4 kHz energy above 1 kHz. */
  breathiness: number;
  /** 0..1 on voiced frames: singer's-formant level (dB, see singersFormant), -45 dB -> 0 to -5 dB -> 1. */
  resonance: number;
  /** Magnitude-weighted mean frequency of the Hann-windowed spectrum, Hz. */
  spectralCentroid: number;
  /** Fraction of adjacent sample pairs whose sign differs, 0..1, per pair of input samples. */
  zeroCrossingRate: number;
  /**
   * 0..1 on voiced, unclipped frames: 0.6 x clamp((harmonicDb + 50) / 40) +
   * 0.4 x clamp((alphaRatio + 25) / 20).
   */
  projection: number;
  /** 0..1, max - min volume over the last 50 frames with sound; 0 until 10 exist. */
  dynamicRange: number;
  /** 0..1 level: -50 dBFS -> 0, 0 dBFS -> 1, linear in dB. */
  volume: number;
  /** Harmonics-to-noise ratio in dB from the normalised autocorrelation peak. */
  hnr: number;
  /** YIN's CMNDF at the chosen lag (0 = perfectly periodic); the voicing decision uses it. */
  aperiodicity: number;
  /** Local jitter over the window's cycles, fraction (0.01 = 1 %); 0 when unvoiced. */
  jitter: number;
  /** Local shimmer over the window's cycles, fraction; 0 when unvoiced. */
  shimmer: number;
  /** Vibrato rate of the held note, Hz (4-8), 0 when none is recognised. */
  vibratoRate: number;
  /** Vibrato extent, cents (amplitude, +-), 0 when none. */
  vibratoExtent: number;
  /** RMS pitch drift around the held note with vibrato removed, cents; 0 until measured. */
  wobble: number;
  /** True when 3 or more samples of the window sit at the converter's rail ("too loud for the microphone"). */
  clipped: boolean;
  /** Alpha ratio: power 1-5 kHz over 50 Hz-1 kHz, dB; 0 when unvoiced. */
  alphaRatio: number;
  /** Strongest partial 2-4 kHz minus strongest 0-2 kHz, dB; 0 when unvoiced. */
  singersFormant: number;
  /** Level of the periodic part, dBFS (RMS x sqrt(periodicity)); 0 when unvoiced. */
  harmonicDb: number;
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
  /** The rate the analysis runs at: the input rate, halved above 29 kHz (twice above 58 kHz). */
  readonly workingRate: number;
  /** Samples in one analysis window, at the working rate. */
  readonly windowSize: number;
  /** The pitch range in force, after the engine's clamp. */
  readonly pitchRange: PitchRange;
  /** Feeds samples; calls onFrame for each completed frame with a reused object (copy it to keep it). */
  process(samples: Float32Array, onFrame: (frame: VoiceFrame) => void): void;
  /** Convenience for offline use: feeds samples and returns copies of every frame. */
  analyse(samples: Float32Array): VoiceFrame[];
  /** Analyses exactly one window (windowSize samples at the working rate), bypassing the ring buffer. */
  analyseWindow(window: Float32Array): VoiceFrame;
  /** Clears the ring buffer, the clock and the histories. */
  reset(): void;
  /**
   * Sets the searched pitch range (floor clamped to 50-120 Hz, ceiling to 700-1500 Hz); the
   * stream goes on with the new window from the next frame. Returns the range after clamping.
   */
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
