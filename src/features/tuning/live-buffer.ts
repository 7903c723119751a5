// Recent analysis frames for drawing, kept outside React. Frames arrive 100 times a second;
// writing them into preallocated typed arrays costs no allocation and no render. The pitch
// trace and the waveform read from here on their own clocks (animation frame, 150 ms), and
// the live values are published to a zustand store at most once per animation frame.
import { create } from 'zustand';
import type { VoiceFrame } from '../../../dsp/types';
import type { Heard } from '../../domain/voice';
import type { LiveSummary } from './recording-summary';

/** About 10 s of frames at the analyser's 10 ms hop: more than the trace shows. */
export const RING_SIZE = 1024;

export interface LiveRing {
  readonly times: Float64Array;
  /** Semitone of each frame; NaN where the frame was unvoiced. */
  readonly semitones: Float32Array;
  readonly volumes: Float32Array;
  /** Frames written since the last reset; the newest is at (count - 1) % RING_SIZE. */
  count: number;
  latestVolume: number;
}

export const ring: LiveRing = {
  times: new Float64Array(RING_SIZE),
  semitones: new Float32Array(RING_SIZE),
  volumes: new Float32Array(RING_SIZE),
  count: 0,
  latestVolume: 0,
};

export function resetRing(r: LiveRing = ring): void {
  r.count = 0;
  r.latestVolume = 0;
}

export function pushFrame(frame: Pick<VoiceFrame, 't' | 'semitone' | 'volume'>, r: LiveRing = ring): void {
  const i = r.count % RING_SIZE;
  r.times[i] = frame.t;
  r.semitones[i] = frame.semitone ?? Number.NaN;
  r.volumes[i] = frame.volume;
  r.latestVolume = frame.volume;
  r.count++;
}

/** Visits the frames still in the ring, oldest first. */
export function forEachRecent(
  r: LiveRing,
  visit: (t: number, semitone: number, volume: number) => void,
): void {
  const n = Math.min(r.count, RING_SIZE);
  for (let k = r.count - n; k < r.count; k++) {
    const i = k % RING_SIZE;
    visit(r.times[i] ?? 0, r.semitones[i] ?? Number.NaN, r.volumes[i] ?? 0);
  }
}

/**
 * What the live readout shows, rounded so that unchanged values cause no render. Pitch and
 * volume are the latest frame's; the four areas and the score are the recording's running
 * summary (the same accumulator the final card comes from), null before any voice.
 */
export interface LiveValues {
  /** Is it a voice so far? (the table's verdicts, as for the final word) */
  heard: Heard;
  pitchHz: number | null;
  semitone: number | null;
  volume: number;
  overall: number | null;
  clarity: number | null;
  stability: number | null;
  resonance: number | null;
  projection: number | null;
}

export const EMPTY_LIVE: LiveValues = {
  heard: 'nothing',
  pitchHz: null,
  semitone: null,
  volume: 0,
  overall: null,
  clarity: null,
  stability: null,
  resonance: null,
  projection: null,
};

export const useLiveStore = create<{ values: LiveValues }>(() => ({ values: EMPTY_LIVE }));

/** Rounds a frame to what is displayed (Hz to 0.1, volume to whole percent) with the summary so far. */
export function toLiveValues(f: VoiceFrame, summary: LiveSummary | null): LiveValues {
  const pct = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100);
  return {
    heard: summary?.heard ?? 'nothing',
    pitchHz: f.f0 === null ? null : Math.round(f.f0 * 10) / 10,
    semitone: f.semitone,
    volume: pct(f.volume),
    overall: summary?.overall ?? null,
    clarity: summary?.clarity ?? null,
    stability: summary?.stability ?? null,
    resonance: summary?.resonance ?? null,
    projection: summary?.projection ?? null,
  };
}

export function sameLiveValues(a: LiveValues, b: LiveValues): boolean {
  return (
    a.heard === b.heard &&
    a.pitchHz === b.pitchHz &&
    (a.semitone === null) === (b.semitone === null) &&
    Math.round(a.semitone ?? 0) === Math.round(b.semitone ?? 0) &&
    a.volume === b.volume &&
    a.overall === b.overall &&
    a.clarity === b.clarity &&
    a.stability === b.stability &&
    a.resonance === b.resonance &&
    a.projection === b.projection
  );
}
