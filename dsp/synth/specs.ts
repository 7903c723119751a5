// The synthetic fixture set: what each file contains. The truth track written beside it is
// the f0 that was synthesised (0 where nothing voiced, or the tone is outside 80-800 Hz).

export const TRACK_STEP = 0.005;

export type Source = 'pure' | 'saw' | 'vowel-a' | 'vowel-i' | 'vowel-u' | 'strong-h2' | 'missing-fundamental';

export interface Segment {
  dur: number;
  kind: 'silence' | 'tone' | 'noise' | 'breath';
  /** Hz, or [from, to] for a glide (exponential, i.e. linear in cents). */
  f0?: number | [number, number];
  source?: Source;
  /** dBFS RMS of the segment. */
  level?: number;
  vibrato?: { rate: number; cents: number };
  /** Cycle-to-cycle period jitter (relative SD) and amplitude shimmer (relative SD). */
  jitter?: number;
  shimmer?: number;
  /** Extra source slope: harmonic k is scaled by k^-tilt (negative = brighter, pressed). */
  tilt?: number;
  /** Breath noise added to a tone, dB below the tone. */
  noiseSnrDb?: number;
  /** A periodic tone that is not a voice in 50-1500 Hz (hum, or out of range): truth f0 is null. */
  outOfRange?: boolean;
}

export interface FixtureSpec {
  file: string;
  sampleRate: number;
  description: string;
  tags?: string[];
  segments: Segment[];
}

const gap = (dur = 0.25): Segment => ({ dur, kind: 'silence' });
const steady = (f0: number, source: Source, dur = 0.5, extra: Partial<Segment> = {}): Segment => ({
  dur,
  kind: 'tone',
  f0,
  source,
  level: -18,
  ...extra,
});
const interleave = (segments: Segment[]): Segment[] => segments.flatMap((s) => [s, gap()]);

export const FIXTURES: FixtureSpec[] = [
  {
    file: 'synth-pure-44k.wav',
    sampleRate: 44100,
    description: 'pure sine tones across 80-800 Hz separated by digital silence',
    segments: [gap(), ...interleave([82, 110, 175, 262, 392, 523, 659, 784].map((f) => steady(f, 'pure')))],
  },
  {
    file: 'synth-harmonic-48k.wav',
    sampleRate: 48000,
    description: 'band-limited sawtooth-like harmonic tones (1/k) across 80-800 Hz',
    segments: [gap(), ...interleave([87, 98, 147, 233, 349, 440, 587, 740].map((f) => steady(f, 'saw')))],
  },
  {
    file: 'synth-glide-44k.wav',
    sampleRate: 44100,
    description: 'harmonic glides 100 -> 400 Hz and 600 -> 150 Hz (linear in cents, about 700 cents/s)',
    segments: [
      gap(),
      { dur: 3, kind: 'tone', f0: [100, 400], source: 'saw', level: -18 },
      gap(),
      { dur: 3, kind: 'tone', f0: [600, 150], source: 'vowel-a', level: -18 },
      gap(),
    ],
  },
  {
    file: 'synth-vowels-48k.wav',
    sampleRate: 48000,
    description: 'vowels /a/ /i/ /u/ with formants at 120 Hz (low voice) and 220 Hz (high voice)',
    tags: ['vowels'],
    segments: [
      gap(),
      ...interleave(
        [120, 220].flatMap((f) =>
          (['vowel-a', 'vowel-i', 'vowel-u'] as Source[]).map((v) => steady(f, v, 0.6)),
        ),
      ),
    ],
  },
  {
    file: 'synth-vibrato-48k.wav',
    sampleRate: 48000,
    description: 'sung-like /a/ with 5.5 Hz vibrato of +-40 cents at 196 Hz and 330 Hz',
    segments: [
      gap(),
      steady(196, 'vowel-a', 1.5, { vibrato: { rate: 5.5, cents: 40 } }),
      gap(),
      steady(330, 'vowel-a', 1.5, { vibrato: { rate: 5.5, cents: 40 } }),
      gap(),
    ],
  },
  {
    file: 'synth-rough-breathy-44k.wav',
    sampleRate: 44100,
    description:
      '/a/ at 150 Hz clean, then with 1% jitter and 6% shimmer, then with breath noise at 12 dB SNR, then 6 dB SNR',
    tags: ['quality'],
    segments: [
      gap(),
      steady(150, 'vowel-a', 1),
      gap(),
      steady(150, 'vowel-a', 1, { jitter: 0.01, shimmer: 0.06 }),
      gap(),
      steady(150, 'vowel-a', 1, { noiseSnrDb: 12 }),
      gap(),
      steady(150, 'vowel-a', 1, { noiseSnrDb: 6 }),
      gap(),
    ],
  },
  {
    file: 'synth-octave-traps-48k.wav',
    sampleRate: 48000,
    description:
      'octave-ambiguous tones: 2nd harmonic 14 dB above the fundamental (130, 196 Hz) and missing fundamental (harmonics 2-8 of 110, 200 Hz)',
    segments: [
      gap(),
      ...interleave([
        steady(130, 'strong-h2'),
        steady(196, 'strong-h2'),
        steady(110, 'missing-fundamental'),
        steady(200, 'missing-fundamental'),
      ]),
    ],
  },
  {
    file: 'synth-unvoiced-44k.wav',
    sampleRate: 44100,
    description:
      'digital silence, white noise at -20 dBFS, breath noise at -30 dBFS, a quiet 200 Hz tone at -45 dBFS, mains hum (pure 50 and 60 Hz) and tones outside 50-1500 Hz (40 Hz, 1800 Hz) whose f0 must be null',
    segments: [
      { dur: 0.5, kind: 'silence' },
      { dur: 0.6, kind: 'noise', level: -20 },
      gap(),
      { dur: 0.6, kind: 'breath', level: -30 },
      gap(),
      steady(200, 'vowel-a', 0.6, { level: -45 }),
      gap(),
      steady(50, 'pure', 0.6, { outOfRange: true, level: -30 }),
      gap(),
      steady(60, 'pure', 0.6, { outOfRange: true }),
      gap(),
      steady(40, 'saw', 0.6, { outOfRange: true }),
      gap(),
      steady(1800, 'pure', 0.6, { outOfRange: true }),
      gap(),
    ],
  },
  {
    file: 'e2e-sung-a3-220hz.wav',
    sampleRate: 48000,
    description:
      'browser e2e input: 1.2 s digital silence, 4 s sung-like /a/ at 220 Hz (A3) with 5 Hz vibrato of +-15 cents, 0.8 s digital silence',
    tags: ['e2e'],
    segments: [
      { dur: 1.2, kind: 'silence' },
      steady(220, 'vowel-a', 4, { vibrato: { rate: 5, cents: 15 }, level: -16 }),
      { dur: 0.8, kind: 'silence' },
    ],
  },
];
