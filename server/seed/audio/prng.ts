/** Seeded PRNG (mulberry32): every random choice in the synthesis must be reproducible byte for byte. */
export type Rng = () => number;

export function createRng(seed: number): Rng {
  // The state is kept as a signed 32-bit integer (`| 0`, not `>>> 0`): the same bits, so the same
  // stream, but V8 keeps it unboxed, which about halves the cost of a call (the voice and the noise
  // textures draw one number per sample).
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derives an independent stream so that e.g. the voice never perturbs the bed's random choices. */
export function deriveSeed(seed: number, salt: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < salt.length; i++) h = Math.imul(h ^ salt.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Uniform value in [lo, hi). */
export function between(rng: Rng, lo: number, hi: number): number {
  return lo + (hi - lo) * rng();
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
