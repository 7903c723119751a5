// A scratch arena for whole-recording analyses (the voice assessment): one bump pointer over
// memory grown on demand above everything the live analyser uses. The live path never touches
// it, so the worklet keeps its fixed 8 pages until an assessment first runs. Code on the arena
// must not call `new` (the stub runtime's own heap would collide with it): take pointers from
// arenaAlloc and use load/store, and call arenaReset() at the start of each analysis.

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
    if (memory.grow(pages) < 0) unreachable();
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
