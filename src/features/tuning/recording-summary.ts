// Turns the stream of analysis frames of one recording into the numeric summary the tuning
// room keeps. It accumulates as frames arrive (no frame list is kept, only the pitches for
// the median), so a long recording costs almost nothing. The live readout shows live() of
// the same accumulator, so the numbers during the recording and the final card are the same
// quantities aggregated the same way.
import type { VoiceFrame } from '../../../dsp/types';
import {
  heardIn,
  MIN_VOICED_FRAMES,
  overallScore,
  type Heard,
  type VoiceMeasurements,
} from '../../domain/voice';

export { MIN_VOICED_FRAMES };

/** One analysed recording. Numbers only: audio never leaves the device and is never stored. */
export interface VoiceAnalysis {
  id: string;
  /** ISO-8601 UTC end of the recording. */
  at: string;
  durationSec: number;
  /** 0..100, the spec's overall score (src/domain/voice). */
  overall: number;
  /** Percentages 0..100. */
  clarity: number;
  stability: number;
  resonance: number;
  projection: number;
  breathiness: number;
  volume: number;
  /** Median fundamental over voiced frames, Hz; null when no voiced frame was heard. */
  pitchHz: number | null;
  voicedFrames: number;
  /**
   * Semitones between the 5th and 95th percentile of the voiced pitches (so a stray octave
   * error does not count as range); absent on analyses made before it was measured.
   */
  pitchRangeSemitones?: number | null;
  /** Share of voiced frames that clipped (0..1): "too loud for the microphone" above 2 %. */
  clippedShare?: number;
  /** Mean vibrato rate (Hz) and extent (cents) over frames with vibrato; null when none. */
  vibratoRateHz?: number | null;
  vibratoExtentCents?: number | null;
}

/**
 * The running numbers the live readout shows: percentages, as on the final card. They exist
 * only while the recording so far is a voice by the table's verdicts (`heard`), the rule the
 * final word uses: what stopping now would score is what is shown, and nothing else.
 */
export interface LiveSummary {
  heard: Heard;
  overall: number | null;
  clarity: number | null;
  /** null until a note has been held long enough to measure it (0.3 s). */
  stability: number | null;
  resonance: number | null;
  projection: number | null;
}

/** A frame has sound above -46 dBFS (volume 0.08), as dsp/summary.ts counts it. */
const SOUND_VOLUME = 0.08;

type FrameInput = Pick<
  VoiceFrame,
  'f0' | 'clarity' | 'stability' | 'resonance' | 'projection' | 'breathiness' | 'volume'
> &
  Partial<Pick<VoiceFrame, 'clipped' | 'vibratoRate' | 'vibratoExtent' | 'spectralCentroid' | 'wobble'>>;

export interface SummaryAccumulator {
  add(frame: FrameInput): void;
  readonly voicedFrames: number;
  /** The same measures as result(), so far, and whether it is a voice (null before any frame). */
  live(): LiveSummary | null;
  /** The summary so far, or null while too little voice has been heard to judge. */
  result(durationSec: number, now?: Date): VoiceAnalysis | null;
  /** What the feedback table reads (src/domain/voice/feedback.ts), presence measures included. */
  measurements(): VoiceMeasurements;
}

const pct = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100);

/** The semitone span of the middle 90% of pitches. */
export function pitchRange(values: number[]): number | null {
  if (values.length < 2) return null;
  const s = [...values].sort((a, b) => a - b);
  const lo = s[Math.floor(0.05 * (s.length - 1))] ?? 0;
  const hi = s[Math.ceil(0.95 * (s.length - 1))] ?? 0;
  return lo > 0 ? Math.round(12 * Math.log2(hi / lo) * 10) / 10 : null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? null) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

export function createSummaryAccumulator(): SummaryAccumulator {
  const sums = { clarity: 0, resonance: 0, projection: 0, breathiness: 0, volume: 0 };
  let stabilitySum = 0;
  let stabilityCount = 0;
  let projectionCount = 0;
  let clipped = 0;
  let vibratoRate = 0;
  let vibratoExtent = 0;
  let vibratoCount = 0;
  const pitches: number[] = [];
  let soundFrames = 0;
  const centroidRatios: number[] = [];
  const wobbles: number[] = [];
  let frames = 0;

  function means() {
    const n = pitches.length;
    return {
      clarity: sums.clarity / n,
      stability: stabilityCount ? stabilitySum / stabilityCount : 0,
      resonance: sums.resonance / n,
      projection: projectionCount ? sums.projection / projectionCount : 0,
      volume: sums.volume / n,
    };
  }

  function measurements(): VoiceMeasurements {
    const n = pitches.length;
    const mean = n ? means() : { clarity: 0, stability: 0, resonance: 0, projection: 0 };
    return {
      overall: overallScore(mean).overall,
      clarity: mean.clarity,
      stability: mean.stability,
      resonance: mean.resonance,
      projection: mean.projection,
      breathiness: n ? sums.breathiness / n : 0,
      clippedShare: n ? clipped / n : 0,
      presence: {
        soundFrames,
        voicedFrames: n,
        centroidRatio: median(centroidRatios),
        // Too few frames of held notes say nothing about how still the pitch is held.
        wobbleCents: wobbles.length >= MIN_VOICED_FRAMES ? median(wobbles) : null,
        vibratoShare: n ? vibratoCount / n : 0,
      },
    };
  }

  return {
    add(frame) {
      frames++;
      if (frame.volume > SOUND_VOLUME) soundFrames++;
      // Voice-quality measures mean something only where a voice is: unvoiced frames (breath,
      // silence, consonants, hum) are left out; the analyser gives them no measures at all.
      if (frame.f0 === null || !Number.isFinite(frame.f0)) return;
      pitches.push(frame.f0);
      // Is it a voice? (a pure tone's centroid sits on f0; a machine holds its pitch dead still)
      if (frame.spectralCentroid && frame.spectralCentroid > 0)
        centroidRatios.push(frame.spectralCentroid / frame.f0);
      if (frame.wobble && frame.wobble > 0) wobbles.push(frame.wobble);
      sums.clarity += frame.clarity;
      sums.resonance += frame.resonance;
      sums.breathiness += frame.breathiness;
      sums.volume += frame.volume;
      // A clipped frame's level is the microphone's: it has no projection and is counted.
      if (frame.clipped) clipped++;
      else {
        sums.projection += frame.projection;
        projectionCount++;
      }
      // Stability is 0 until a note has been held 0.3 s; those zeros mean "not measured".
      if (frame.stability > 0) {
        stabilitySum += frame.stability;
        stabilityCount++;
      }
      if (frame.vibratoRate && frame.vibratoRate > 0) {
        vibratoRate += frame.vibratoRate;
        vibratoExtent += frame.vibratoExtent ?? 0;
        vibratoCount++;
      }
    },
    get voicedFrames() {
      return pitches.length;
    },
    live() {
      if (frames === 0) return null;
      const heard = heardIn(measurements());
      if (heard !== 'voice')
        return { heard, overall: null, clarity: null, stability: null, resonance: null, projection: null };
      const score = overallScore(means());
      return {
        heard,
        overall: score.overall,
        ...score.breakdown,
        stability: stabilityCount ? score.breakdown.stability : null,
      };
    },
    measurements,
    result(durationSec, now = new Date()) {
      const n = pitches.length;
      if (n < MIN_VOICED_FRAMES) return null;
      const mean = means();
      const score = overallScore(mean);
      const pitch = median(pitches);
      return {
        id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
        at: now.toISOString(),
        durationSec: Math.max(0, Math.round(durationSec)),
        overall: score.overall,
        clarity: score.breakdown.clarity,
        stability: score.breakdown.stability,
        resonance: score.breakdown.resonance,
        projection: score.breakdown.projection,
        breathiness: pct(sums.breathiness / n),
        volume: pct(mean.volume),
        pitchHz: pitch === null ? null : Math.round(pitch * 10) / 10,
        voicedFrames: n,
        pitchRangeSemitones: pitchRange(pitches),
        clippedShare: Math.round((clipped / n) * 1000) / 1000,
        vibratoRateHz: vibratoCount ? Math.round((vibratoRate / vibratoCount) * 10) / 10 : null,
        vibratoExtentCents: vibratoCount ? Math.round(vibratoExtent / vibratoCount) : null,
      };
    },
  };
}
