// A scratch arena for whole-recording analyses (the voice assessment): one bump pointer over
// memory grown on demand above everything the live analyser uses. The live path never touches
// it, so the worklet keeps its fixed 8 pages until an assessment first runs. Code on the arena
// must not call `new` (the stub runtime's own heap would collide with it): take pointers from
// arenaAlloc and use load/store, and call arenaReset() at the start of each analysis.

/** Pages grown at least at a time (4 MB). */
const GROW_PAGES: i32 = 64;

let base: usize = 0;
let top: usize = 0;
// Memory at and above `clean` has never been handed out: memory.grow gives zeroed pages, so it
// needs no clearing (clearing would only touch every fresh page one extra time).
let clean: usize = 0;

/** Forgets every earlier allocation; the memory stays grown for the next analysis. */
export function arenaReset(): void {
  if (base == 0) {
    base = (<usize>memory.size()) << 16;
    clean = base;
  }
  top = base;
}

/** `bytes` of zeroed memory, 16-byte aligned (f64 and v128 loads). Traps when memory is exhausted. */
export function arenaAlloc(bytes: usize): usize {
  if (base == 0) arenaReset();
  const at = (top + 15) & ~(<usize>15);
  const end = at + bytes;
  const have = (<usize>memory.size()) << 16;
  if (end > have) {
    const pages = <i32>((end - have + 0xffff) >> 16);
    // At least 4 MB at a time: an analysis makes hundreds of allocations, and each grow is a
    // call into the engine (pages never touched cost nothing). Near the limit, exactly what is needed.
    if (pages >= GROW_PAGES || memory.grow(GROW_PAGES) < 0) {
      if (memory.grow(pages) < 0) unreachable();
    }
  }
  if (at < clean) memory.fill(at, 0, (end < clean ? end : clean) - at);
  if (end > clean) clean = end;
  top = end;
  return at;
}

/** Bytes in use since the last reset (tests check that an analysis stays within its budget). */
export function arenaUsed(): usize {
  return top - base;
}

/** The arena's current top, for arenaRelease. */
export function arenaMark(): usize {
  if (base == 0) arenaReset();
  return top;
}

/**
 * Frees everything allocated since `mark` (a stage's working memory once its results are read):
 * the next allocations reuse those pages, which are already in memory, instead of faulting in new
 * ones. Reused memory is cleared when handed out again, as before.
 */
export function arenaRelease(mark: usize): void {
  if (mark >= base && mark <= top) top = mark;
}

/**
 * Grows the memory once so that `bytes` more fit above the arena's top: an analysis that knows
 * roughly what it needs avoids a grow per stage (each one a call into the engine, some of them
 * slow). Pages never touched cost nothing. Does nothing when that much does not fit.
 */
export function arenaReserve(bytes: usize): void {
  if (base == 0) arenaReset();
  const end = top + bytes;
  const have = (<usize>memory.size()) << 16;
  if (end <= have) return;
  memory.grow(<i32>((end - have + 0xffff) >> 16));
}
