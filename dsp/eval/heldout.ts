// Held-out checks of the pitch engine (issue 21): material the engine's rules were never tuned
// on, so a rule fitted to the bench corpora shows here when it does not generalise.
// - low voices: Praat-made male speech around 55-95 Hz (fixtures/voice/heldout, Praat truth);
// - the bench's room (withReverb) with impulse responses from seeds the bench does not use;
// - mains buzz (50/60 Hz with harmonics) alone and under the pauses of a voice.
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { decodeWav } from '../wav';
import { fixturesDir } from './truth';
import { loadPraatTrack } from './praat';
import { loadSpeech, speechItem, withReverb, type CorpusItem } from './corpora';

export const heldoutDir = resolve(fixturesDir, 'heldout');

/** Praat-made low male voices: a melody from 1.2 f0 down to 0.85 f0, one of three sentences. */
export const LOW_VOICES = [
  { name: 'low-55hz-s2-16k', f0: 55, sampleRate: 16000, sentence: 2 },
  { name: 'low-55hz-s3-16k', f0: 55, sampleRate: 16000, sentence: 3 },
  { name: 'low-78hz-s2-16k', f0: 78, sampleRate: 16000, sentence: 2 },
  { name: 'low-78hz-s3-16k', f0: 78, sampleRate: 16000, sentence: 3 },
  { name: 'low-95hz-s2-16k', f0: 95, sampleRate: 16000, sentence: 2 },
  { name: 'low-95hz-s3-16k', f0: 95, sampleRate: 16000, sentence: 3 },
] as const;

/** Band the low-voice rows score (Praat's f0 of the frame). */
export const LOW_BAND: [number, number] = [50, 115];

export function lowVoiceCorpus(): CorpusItem[] {
  return LOW_VOICES.map(({ name }) => {
    const wav = decodeWav(readFileSync(resolve(heldoutDir, `${name}.wav`)));
    const track = loadPraatTrack(name, heldoutDir);
    return speechItem(name, { samples: wav.samples, sampleRate: wav.sampleRate, track }, wav.samples);
  });
}

/** Room seeds the bench never used (it uses 40 and 41): the first three. */
export const HELDOUT_ROOM_SEEDS = [1, 2, 3] as const;

/** The espeak male and female clips in the bench's room, impulse response from `seed`. */
export function heldoutRoom(seed: number): CorpusItem[] {
  return (['speech_male_22k', 'speech_female_22k'] as const).map((name) => {
    const s = loadSpeech(name);
    return speechItem(`${name} in room seed ${seed}`, s, withReverb(s.samples, s.sampleRate, seed));
  });
}

export type BuzzShape = 'clipped' | 'square' | 'odd' | 'harmonic';

/**
 * A mains buzz at `dbfs` RMS: a sine clipped at 30 % of its peak, a square wave, odd harmonics
 * 1/k to the 7th, or harmonics 1-5 falling slowly (a ground loop's buzz).
 */
export function mainsBuzz(
  shape: BuzzShape,
  hz: number,
  sampleRate: number,
  seconds: number,
  dbfs: number,
): Float32Array {
  const x = new Float32Array(Math.round(sampleRate * seconds));
  const harmonics = shape === 'odd' ? [1, 0, 1 / 3, 0, 1 / 5, 0, 1 / 7] : [1, 0.5, 0.4, 0.3, 0.2];
  for (let i = 0; i < x.length; i++) {
    const phase = (2 * Math.PI * hz * i) / sampleRate;
    let v = 0;
    if (shape === 'clipped') v = Math.max(-0.3, Math.min(0.3, Math.sin(phase)));
    else if (shape === 'square') v = Math.sin(phase) >= 0 ? 1 : -1;
    else harmonics.forEach((a, k) => (v += a * Math.sin((k + 1) * phase)));
    x[i] = v;
  }
  const mean = x.reduce((a, v) => a + v, 0) / x.length;
  const rms = Math.sqrt(x.reduce((a, v) => a + (v - mean) ** 2, 0) / x.length);
  const gain = 10 ** (dbfs / 20) / rms;
  return x.map((v) => (v - mean) * gain);
}
