// The benchmark's corpora (scripts/bench.ts): generated voices with exact truth (synthetic
// vowels bass to soprano, creak, vibrato, hum and noise) and espeak-ng speech with Praat as
// truth, degraded on the fly (noise at several SNRs, a quiet level, reverb, 16 kHz).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decodeWav } from '../wav';
import { renderFixture, prng } from '../synth/synth';
import type { Segment, Source } from '../synth/specs';
import { TRACK_STEP } from '../synth/specs';
import { fixturesDir } from './truth';
import { loadPraatTrack, praatAt } from './praat';

export const espeakDir = resolve(fixturesDir, 'espeak');

export interface CorpusItem {
  name: string;
  samples: Float32Array;
  sampleRate: number;
  /**
   * Truth at time t for a window of `halfWindow` seconds each side: f0 in Hz, 0 for no voice,
   * null when the window straddles a boundary (not scored).
   */
  truth(t: number, halfWindow: number): number | null;
  /** Instantaneous true f0 at t (synthetic items only), for vibrato error against the true f0. */
  instant?: (t: number) => number;
}

export function synthItem(name: string, sampleRate: number, segments: Segment[]): CorpusItem {
  const { samples, track } = renderFixture({ file: name, sampleRate, description: '', segments });
  const at = (i: number) => track[Math.max(0, Math.min(track.length - 1, i))] ?? 0;
  return {
    name,
    samples,
    sampleRate,
    truth(t, half) {
      const from = Math.max(0, Math.ceil((t - half) / TRACK_STEP));
      const to = Math.min(track.length - 1, Math.floor((t + half) / TRACK_STEP));
      let voiced = 0;
      let logSum = 0;
      for (let i = from; i <= to; i++) {
        if (at(i) > 0) {
          voiced++;
          logSum += Math.log2(at(i));
        }
      }
      if (voiced === 0) return 0;
      if (voiced < to - from + 1) return null;
      return 2 ** (logSum / voiced);
    },
    instant: (t) => at(Math.round(t / TRACK_STEP)),
  };
}

const gap = (dur = 0.3): Segment => ({ dur, kind: 'silence' });
const note = (f0: number, source: Source, extra: Partial<Segment> = {}): Segment => ({
  dur: 0.8,
  kind: 'tone',
  f0,
  source,
  level: -20,
  ...extra,
});

export interface Speech {
  samples: Float32Array;
  sampleRate: number;
  track: ReturnType<typeof loadPraatTrack>;
}

const speechCache = new Map<string, Speech>();

export function loadSpeech(name: string): Speech {
  const cached = speechCache.get(name);
  if (cached) return cached;
  const s = loadSpeechFile(name);
  speechCache.set(name, s);
  return s;
}

function loadSpeechFile(name: string): Speech {
  const wav = decodeWav(readFileSync(resolve(espeakDir, `${name}.wav`)));
  return { samples: wav.samples, sampleRate: wav.sampleRate, track: loadPraatTrack(name, espeakDir) };
}

export function speechItem(name: string, s: Speech, samples: Float32Array): CorpusItem {
  return {
    name,
    samples,
    sampleRate: s.sampleRate,
    truth(t, half) {
      // Praat's frame at t, and unscored when Praat's voicing changes within the window.
      const centre = praatAt(s.track, t);
      if (centre === null) return null;
      for (const dt of [-half, -half / 2, half / 2, half]) {
        const v = praatAt(s.track, t + dt, 0.011);
        if (v !== null && v > 0 !== centre > 0) return null;
      }
      return centre;
    },
  };
}

const rms = (x: Float32Array) => Math.sqrt(x.reduce((a, v) => a + v * v, 0) / Math.max(1, x.length));

export function withNoise(x: Float32Array, snrDb: number, seed: number): Float32Array {
  const rand = prng(seed);
  const level = rms(x) / 10 ** (snrDb / 20);
  // Uniform white noise of the wanted RMS (uniform on [-a, a] has RMS a / sqrt 3).
  const a = level * Math.sqrt(3);
  return x.map((v) => v + a * (2 * rand() - 1));
}

export function atLevel(x: Float32Array, dbfs: number, seed: number): Float32Array {
  const g = 10 ** (dbfs / 20) / rms(x);
  const rand = prng(seed);
  // A -90 dBFS noise floor, as any converter has.
  return x.map((v) => v * g + 3e-5 * (2 * rand() - 1));
}

/** A small room: exponentially decaying noise tail (RT60 0.5 s) after the direct sound. */
export function withReverb(x: Float32Array, sampleRate: number, seed: number): Float32Array {
  const rand = prng(seed);
  const len = Math.round(0.5 * sampleRate);
  const ir = new Float32Array(len);
  ir[0] = 1;
  for (let i = 1; i < len; i++) ir[i] = 0.25 * (2 * rand() - 1) * Math.exp((-6.9 * i) / len);
  const out = new Float32Array(x.length);
  // Sparse-ish direct convolution: every 4th tap, scaled up (enough for a benchmark room).
  for (let k = 0; k < len; k += 4) {
    const h = (ir[k] ?? 0) * (k === 0 ? 1 : 4);
    if (h === 0) continue;
    for (let i = k; i < x.length; i++) out[i] = (out[i] ?? 0) + h * (x[i - k] ?? 0);
  }
  const g = rms(x) / rms(out);
  return out.map((v) => v * g);
}

export interface Corpora {
  low: CorpusItem[];
  soprano: CorpusItem[];
  vibratoSoprano: CorpusItem[];
  snr10: CorpusItem[];
  snr5: CorpusItem[];
  quiet: CorpusItem[];
  reverb: CorpusItem[];
  rate16k: CorpusItem[];
  nonVoice: CorpusItem[];
}

const speakers = () =>
  [
    ['male', loadSpeech('speech_male_22k')],
    ['female', loadSpeech('speech_female_22k')],
  ] as const;

/** Bass notes 55-98 Hz (44.1 and 16 kHz), creak at 58 Hz, and espeak's 88 Hz male voice. */
export function lowCorpus(): CorpusItem[] {
  const male = loadSpeech('speech_male_22k');
  const lowNotes = [55, 62, 73, 87, 98].flatMap((f) => [note(f, 'vowel-a'), gap()]);
  const creak: Segment[] = [note(58, 'vowel-a', { jitter: 0.03, shimmer: 0.15 }), gap()];
  return [
    synthItem('bass vowels 55-98 Hz', 44100, [gap(), ...lowNotes]),
    synthItem('bass vowels 55-98 Hz (16 kHz)', 16000, [gap(), ...lowNotes]),
    synthItem('creak 58 Hz', 48000, [gap(), ...creak]),
    speechItem('espeak male (88 Hz)', male, male.samples),
  ];
}

export const SOPRANO_NOTES = [620, 740, 880, 988, 1047, 1100];

export function sopranoCorpus(): CorpusItem[] {
  const high = SOPRANO_NOTES;
  return [
    synthItem('soprano vowels 620-1100 Hz', 48000, [
      gap(),
      ...high.flatMap((f) => [note(f, 'vowel-a'), gap()]),
    ]),
    synthItem('soprano /i/ 620-1100 Hz', 44100, [gap(), ...high.flatMap((f) => [note(f, 'vowel-i'), gap()])]),
  ];
}

export function vibratoSopranoCorpus(): CorpusItem[] {
  return [
    synthItem('soprano vibrato 5.5 Hz +-50 c', 48000, [
      gap(),
      ...SOPRANO_NOTES.flatMap((f) => [
        note(f, 'vowel-a', { dur: 1.2, vibrato: { rate: 5.5, cents: 50 } }),
        gap(),
      ]),
    ]),
    synthItem('soprano vibrato 6.5 Hz +-100 c', 44100, [
      gap(),
      ...[660, 880, 1000].flatMap((f) => [
        note(f, 'vowel-a', { dur: 1.2, vibrato: { rate: 6.5, cents: 100 } }),
        gap(),
      ]),
    ]),
  ];
}

/** espeak-ng speech (male and female) in a small room, RT60 0.5 s. */
export function reverbCorpus(): CorpusItem[] {
  return speakers().map(([n, s], i) =>
    speechItem(`${n} in a room (RT60 0.5 s)`, s, withReverb(s.samples, s.sampleRate, 40 + i)),
  );
}

export function buildCorpora(): Corpora {
  const male16 = loadSpeech('speech_male_16k');
  const both = speakers();
  return {
    low: lowCorpus(),
    soprano: sopranoCorpus(),
    vibratoSoprano: vibratoSopranoCorpus(),
    snr10: both.map(([n, s], i) =>
      speechItem(`${n} + white noise 10 dB`, s, withNoise(s.samples, 10, 10 + i)),
    ),
    snr5: both.map(([n, s], i) => speechItem(`${n} + white noise 5 dB`, s, withNoise(s.samples, 5, 20 + i))),
    quiet: both.map(([n, s], i) => speechItem(`${n} at -48 dBFS`, s, atLevel(s.samples, -48, 30 + i))),
    reverb: reverbCorpus(),
    rate16k: [speechItem('espeak male at 16 kHz', male16, male16.samples)],
    nonVoice: [
      synthItem('mains hum 50 + 60 Hz, white and breath noise', 48000, [
        note(50, 'pure', { dur: 1.5, outOfRange: true, level: -25 }),
        note(60, 'pure', { dur: 1.5, outOfRange: true, level: -25 }),
        { dur: 1.5, kind: 'noise', level: -30 },
        { dur: 1.5, kind: 'breath', level: -30 },
      ]),
    ],
  };
}
