// f64 arrays in the scratch arena (../arena.ts): the assessment never calls `new`, so every
// buffer is a pointer plus a length, read and written through these helpers.
import { arenaAlloc } from '../arena';

/** A zeroed array of `n` f64 in the arena. */
export function allocF64(n: i32): usize {
  const m: i32 = n > 0 ? n : 1;
  return arenaAlloc((<usize>m) << 3);
}

/** A zeroed array of `n` i32 in the arena. */
export function allocI32(n: i32): usize {
  const m: i32 = n > 0 ? n : 1;
  return arenaAlloc((<usize>m) << 2);
}

export function ld(p: usize, i: i32): f64 {
  return load<f64>(p + ((<usize>i) << 3));
}

export function st(p: usize, i: i32, v: f64): void {
  store<f64>(p + ((<usize>i) << 3), v);
}

export function ldi(p: usize, i: i32): i32 {
  return load<i32>(p + ((<usize>i) << 2));
}

export function sti(p: usize, i: i32, v: i32): void {
  store<i32>(p + ((<usize>i) << 2), v);
}

export function copyF64(from: usize, to: usize, n: i32): void {
  memory.copy(to, from, (<usize>n) << 3);
}

/** The smallest power of two >= n (Praat's Melder_iroundUpToPowerOfTwo). */
export function powerOfTwoAtLeast(n: i32): i32 {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/** Praat's Melder_iround: ties go up. */
export function roundTieUp(x: f64): i32 {
  return <i32>Math.floor(x + 0.5);
}

/** Rearranges p[0..n) so that p[k] holds the k-th smallest value (Hoare's selection, in place). */
function selectKth(p: usize, n: i32, k: i32): void {
  let lo = 0,
    hi = n - 1;
  while (hi > lo) {
    const pivot = ld(p, lo + ((hi - lo) >> 1));
    let i = lo,
      j = hi;
    while (i <= j) {
      while (ld(p, i) < pivot) i++;
      while (ld(p, j) > pivot) j--;
      if (i <= j) {
        const t = ld(p, i);
        st(p, i, ld(p, j));
        st(p, j, t);
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/**
 * The k-th smallest (0-based) of p[0..n), the value selectKth puts at p[k], by a quickselect
 * whose partitions do not branch on the data: a pass moves the values below the pivot (the
 * median of three) to the front, and when k lies beyond them a second pass moves those equal to
 * it next (so runs of equal values stay linear). On data in random order Hoare's partition
 * mispredicts about every other comparison; these passes never do. Reorders p: afterwards p[k]
 * holds the value, and no later entry is smaller.
 */
export function selectSmallest(p: usize, n: i32, k: i32): f64 {
  let lo = 0,
    hi = n; // the value's place lies in [lo, hi)
  while (hi - lo > 1) {
    const a = ld(p, lo),
      b = ld(p, lo + ((hi - lo) >> 1)),
      c = ld(p, hi - 1);
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    if (pivot != pivot) {
      // NaN among the values: the comparisons below would make no progress.
      selectKth(p, n, k);
      return ld(p, k);
    }
    let below = lo;
    for (let i = lo; i < hi; i++) {
      const v = ld(p, i);
      st(p, i, ld(p, below));
      st(p, below, v);
      below += <i32>(v < pivot);
    }
    if (k < below) {
      hi = below;
      continue;
    }
    let equal = below;
    for (let i = below; i < hi; i++) {
      const v = ld(p, i);
      st(p, i, ld(p, equal));
      st(p, equal, v);
      equal += <i32>(v == pivot);
    }
    if (k < equal) return pivot;
    lo = equal;
  }
  return ld(p, k);
}

/**
 * The median as Praat's NUMquantile (p, 0.5) of the sorted values gives it, without sorting:
 * the middle value, or the mean of the two middle ones. Reorders p.
 */
export function median(p: usize, n: i32): f64 {
  if (n < 1) return NaN;
  if (n == 1) return ld(p, 0);
  const place = 0.5 * <f64>n + 0.5;
  let left = <i32>Math.floor(place);
  if (left < 1) left = 1;
  if (left > n - 1) left = n - 1;
  const a = selectSmallest(p, n, left - 1);
  // An odd count's median is the middle value itself (NUMquantile adds 0 (b - a) for finite values).
  if (place == <f64>left && Number.isFinite(a)) return a;
  let b = ld(p, left);
  for (let i = left + 1; i < n; i++) if (ld(p, i) < b) b = ld(p, i);
  const slope = b - a;
  if (slope == 0.0) return a;
  return a + (place - <f64>left) * slope;
}
