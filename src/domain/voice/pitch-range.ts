// The member's pitch range for the voice analyser, from the median pitch of their earlier
// recordings (the tuning room's history: this browser's, or the account's when they keep it
// there). A known range lets the engine use a shorter window (3 periods of the floor) and
// ignore candidates no voice like theirs produces; an unknown or thin history keeps the full
// 50-1500 Hz, because a wrong guess must never cut a bass or a soprano off.

export interface PitchRangeHz {
  floorHz: number;
  ceilingHz: number;
}

/** The engine's full range; also what callers get when the history says too little. */
export const FULL_RANGE: PitchRangeHz = { floorHz: 50, ceilingHz: 1500 };
/** Fewer recordings with a pitch than this: no range (the full one). */
export const RANGE_MIN_RECORDINGS = 3;
/** From this many recordings on, the margins are the settled ones (2.5x down, 4x up). */
export const RANGE_SETTLED_RECORDINGS = 10;

const SETTLED = { down: 2.5, up: 4 };
// A short history may not yet hold the member's lowest or highest voice (speech vs. singing,
// chest vs. head voice), so its margins are wider.
const THIN = { down: 3, up: 5 };

/**
 * floor = lowest recording's median / 2.5 (>= 50 Hz), ceiling = highest recording's median x 4
 * (<= 1500 Hz), with margins of 3 and 5 while the history holds fewer than 10 recordings;
 * null (the full 50-1500 Hz) with fewer than 3. The lowest and highest recordings rather than
 * the overall median: the range only ever widens for a member whose recordings differ.
 * The engine clamps once more (floor at most 120 Hz, ceiling at least 700 Hz).
 */
export function memberPitchRange(
  pitchMediansHz: readonly (number | null | undefined)[],
): PitchRangeHz | null {
  const valid = pitchMediansHz.filter(
    (f): f is number =>
      typeof f === 'number' && Number.isFinite(f) && f >= FULL_RANGE.floorHz && f <= FULL_RANGE.ceilingHz,
  );
  if (valid.length < RANGE_MIN_RECORDINGS) return null;
  const margin = valid.length >= RANGE_SETTLED_RECORDINGS ? SETTLED : THIN;
  const lowest = Math.min(...valid);
  const highest = Math.max(...valid);
  return {
    floorHz: Math.max(FULL_RANGE.floorHz, round1(lowest / margin.down)),
    ceilingHz: Math.min(FULL_RANGE.ceilingHz, round1(highest * margin.up)),
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
