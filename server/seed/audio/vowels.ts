import type { Guide } from './recipe';

export type Vowel = Guide['vowels'][number];
export type Register = Guide['voice'];

/** F1..F3 in Hz for adult male and female speakers (Peterson & Barney style averages). */
const MALE: Record<Vowel, readonly [number, number, number]> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
  m: [250, 1100, 2300],
  ng: [280, 1500, 2500],
};
const FEMALE: Record<Vowel, readonly [number, number, number]> = {
  a: [850, 1220, 2810],
  e: [610, 2330, 2990],
  i: [310, 2790, 3310],
  o: [590, 920, 2710],
  u: [370, 950, 2670],
  m: [280, 1250, 2600],
  ng: [310, 1700, 2800],
};

/** How far each register sits between the male and female formant sets. */
const FEMININE: Record<Register, number> = { baritone: 0, tenor: 0.3, alto: 0.8, soprano: 1 };

/** Lowest MIDI note of the window the exercise's base note is placed in. */
export const REGISTER_LOW: Record<Register, number> = { baritone: 43, tenor: 48, alto: 55, soprano: 62 };

export interface VowelShape {
  readonly f: readonly [number, number, number];
  /** Closed-mouth hums radiate almost nothing above ~1 kHz: a low-pass cutoff in Hz. */
  readonly muffle: number;
}

const shapes = new Map<string, VowelShape>();

/** The shape of a vowel in a register (memoised: the voice asks for it once per 2 ms block). */
export function vowelShape(vowel: Vowel, register: Register): VowelShape {
  const key = `${vowel}/${register}`;
  let shape = shapes.get(key);
  if (!shape) {
    const w = FEMININE[register];
    const m = MALE[vowel];
    const f = FEMALE[vowel];
    const mix = (k: 0 | 1 | 2) => m[k] + (f[k] - m[k]) * w;
    const muffle = vowel === 'm' ? 700 : vowel === 'ng' ? 1100 : 4500;
    shape = { f: [mix(0), mix(1), mix(2)], muffle };
    shapes.set(key, shape);
  }
  return shape;
}
