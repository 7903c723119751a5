// Voicing and octave decision over time: a Praat-style path search over the pitch candidates
// of each frame plus one "unvoiced" state, with a voicing-transition cost and an octave-jump
// cost. The live engine cannot wait for the future, so it keeps the forward (causal) half of
// the Viterbi recursion and, every frame, reports the state with the lowest accumulated cost:
// no added latency, and the transition costs give the decision hysteresis (a voice that is
// already voiced stays voiced through a noisier frame; a single periodic click does not
// switch voicing on unless it is clearly periodic), and a candidate an octave away from the
// previous frame must be clearly better to win.

import {
  MAX_CANDIDATES,
  candPeriod,
  candAper,
  candCount,
  candPick,
  halfPeriodDip,
  aboveRangeDip,
  candBlocked,
  dipNear,
  addCandidateNear,
  searchMinLag,
  searchMaxLag,
} from './yin';
import { oddHarmonicShare } from './spectrum';
import {
  HELD_CEILING,
  heldPeriod,
  persistenceCommit,
  persistenceNote,
  persistenceReset,
} from './persistence';

const STATES: i32 = MAX_CANDIDATES + 1;

/** Local cost of "unvoiced" in a frame with sound: a voiced candidate wins below this CMNDF. */
export const UNVOICED_COST: f64 = 0.35;
/** Cost of switching between voiced and unvoiced (Praat's default is 0.14 per 10 ms frame). */
export const VOICING_TRANSITION_COST: f64 = 0.1;
/** Cost per octave of pitch change between consecutive voiced frames (Praat: 0.35). */
export const OCTAVE_JUMP_COST: f64 = 0.15;
/** Extra cost of a candidate that is not YIN's own first-dip pick (which avoids sub-octaves). */
export const NOT_PICK_COST: f64 = 0.08;
/** Extra cost of voicing in a frame under the silence threshold. */
const SILENT_COST: f64 = 2.0;
/**
 * Added to the unvoiced cost of a frame in which some candidate's period has been held over the
 * last frames (persistence.ts): a noisy voice (hoarse, breathy, creaky; CMNDF 0.4-0.6) is
 * voiced, as Praat's voicing threshold voices it, while noise, whose dips wander, is not. Only
 * the voicing decision moves: which candidate (which octave) wins is decided as before.
 */
export const HELD_BONUS: f64 = 0.4;
/**
 * Extra cost of a candidate whose period is 2 or 3 times that of another candidate that is
 * nearly as periodic: YIN's own rule (the shortest acceptable lag) applied across candidates,
 * so a rough low voice is not read an octave down.
 */
export const SUBHARMONIC_COST: f64 = 0.25;
const SUBHARMONIC_ACCEPT: f64 = 0.5;
/**
 * A candidate whose CMNDF at twice its period is this much shallower than at some longer
 * multiple is a formant ringing on, not a period (see isRinging). On the bench corpora a true
 * period never exceeded 0.13; the reverberant formant rings measured 0.27-0.42.
 */
const RINGING_MARGIN: f64 = 0.2;
/**
 * The same ringing seen from the other side (issue 21, held-out low voices): a dip at P and a
 * deeper-or-equal one at kP with every multiple between them shallower than both by this much
 * is a formant (a 55-95 Hz voice's 4th-7th harmonic near 390 Hz), not a period.
 */
const SKIPPED_MARGIN: f64 = 0.05;
/**
 * A damped ring, revived (issue 21, held-out low voices): the candidate P is the deepest of
 * its multiples, the dips at 2P, 3P, ... fade as a formant's ringing decays, and then a
 * longer multiple kP is this much deeper again than the faded ones: what repeats is kP (the
 * next glottal pulse re-exciting the formant), not P. See isRinging.
 */
const REVIVAL_MARGIN: f64 = 0.1;
/**
 * A short lag L whose dip at period + L (where a true period L dips again) is this much
 * shallower than at L is a strong harmonic, not the period (see harmonicNotPeriod). Lower
 * margins also undo octave-down errors in a room, where a rising onset's longer lags are
 * shallow too: 0.15 keeps the bench room free of gross errors.
 */
const REPEAT_MARGIN: f64 = 0.15;
/** Shortest lag (working-rate samples) the harmonicNotPeriod test is trusted at. */
const MIN_HARMONIC_LAG: f64 = 12;
const BLOCKED: f64 = 1e9;

const prevCost = new StaticArray<f64>(STATES);
const prevF0 = new StaticArray<f64>(STATES);
const curCost = new StaticArray<f64>(STATES);
const curF0 = new StaticArray<f64>(STATES);
const curAper = new StaticArray<f64>(STATES);
let prevStates: i32 = 0; // 0 = no previous frame

/** Result of the last step: f0 in Hz (0 = unvoiced) and the chosen candidate's CMNDF. */
export let trackF0: f64 = 0;
export let trackAperiodicity: f64 = 1;
/** Consecutive voiced frames the track has stayed within 0.1 octave of the frame before. */
let trackHeld: i32 = 0;
/**
 * A track held this many frames (80 ms) is the voice's own pitch, not an onset's guess: only
 * such a track is trusted against a harmonic that is nearly as deep (ON_TRACK_DEEPER,
 * pickIsHarmonicOfTrack). In a room, a rising syllable's onset can be read an octave low for
 * 30-40 ms while the previous syllable still rings (held-out seeds 7 and 9): such a wrong
 * track has held 3-4 frames when its true pitch comes back, and must not be trusted yet.
 */
const ESTABLISHED_FRAMES: i32 = 8;

export function trackerReset(): void {
  prevStates = 0;
  trackF0 = 0;
  trackHeld = 0;
  trackAperiodicity = 1;
  recentF0 = 0;
  recentAge = 0;
  weakAge = 1000;
  persistenceReset();
}

function log2abs(a: f64, b: f64): f64 {
  const v = Math.log2(a / b);
  return v < 0 ? -v : v;
}

/**
 * A sound that truly repeats every `shorter` samples dips again one short period after the
 * long one (at period + shorter). When the long period is at least as deep as the short one
 * and that next dip is clearly shallower than both, the short lag is a strong harmonic (a
 * formant on the 2nd or 4th harmonic of a low voice), not the period.
 */
function harmonicNotPeriod(period: f64, shorter: f64, own: f64, other: f64): bool {
  // At a few samples per period the dips are too coarse to tell (a 1.3 kHz tone at 8 kHz).
  if (own > other || shorter < MIN_HARMONIC_LAG) return false;
  const next = period + shorter;
  if (next > <f64>searchMaxLag()) return false;
  return dipNear(next) - other > REPEAT_MARGIN;
}

/**
 * In a room the reverberant 2nd harmonic can make the dip at half the period nearly as deep as
 * the period's own (held-out room seed 3: a 240 Hz voice read at 480 Hz). When the tracked
 * voice is already at this candidate's pitch and the candidate is deeper than its half by this
 * much, the sub-harmonic penalty would only push the track up an octave: it is not paid.
 */
const OCTAVE_DEEPER: f64 = 0.04;
/**
 * The same margin for an established track (ESTABLISHED_FRAMES): at least as deep as its half
 * is enough. Held-out room seed 3: the female voice, held at 245 Hz for 90 ms, dipped 0.289
 * against 0.294 at 490 Hz (the room damps her odd harmonics); the penalty made the track drop
 * out for a frame and come back an octave up. A young track keeps the 0.04 (CMNDF makes the
 * dip at 2P often a little deeper than at P, so a track an octave low would hold itself).
 */
const ON_TRACK_DEEPER: f64 = 0.0;
/**
 * The same, to come back down once the track has been pushed up an octave (from 2f to f), but
 * only when f itself sounds: of the power at f's first harmonics, its odd multiples (f, 3f,
 * 5f, 7f, where a voice at 2f has none) hold at least this share. A low voice's track held at
 * 108 Hz, with the dip at 54 Hz deeper, measured 0.01-0.02; the room's 240 Hz voice 0.03-0.15.
 */
const ODD_SHARE: f64 = 0.03;
/**
 * Below this a dip at twice the period with power at its odd multiples is period doubling (a
 * rough voice's offset, vocal fry): Praat, and the ear, keep the higher pitch (the real
 * sustained_a_110hz fell to 54 Hz without this limit, its odd share 0.05-0.2).
 */
const DOUBLING_MAX_HZ: f64 = 100;

/**
 * The track is at the candidate's pitch (the penalty against its 2nd or 3rd harmonic, k, could
 * only push it off: a 65 Hz voice whose 3rd harmonic is also a formant's double period), or,
 * for an octave pair, an octave above it while the candidate sounds.
 */
function continuesTrack(f: f64, sampleRate: f64, k: f64, own: f64, other: f64): bool {
  // own, other: the candidate's CMNDF and that of its harmonic (the shorter lag).
  if (trackF0 <= 0) return false;
  if (log2abs(f, trackF0) < 0.1)
    return other - own > (trackHeld >= ESTABLISHED_FRAMES ? ON_TRACK_DEEPER : OCTAVE_DEEPER);
  return (
    other - own > OCTAVE_DEEPER &&
    k == 2 &&
    f >= DOUBLING_MAX_HZ &&
    log2abs(2 * f, trackF0) < 0.1 &&
    oddHarmonicShare(f, sampleRate) > ODD_SHARE
  );
}

/**
 * The dip at `lag` is only a repeat of a clearly deeper dip at a shorter lag (lag = j x that
 * lag, j >= 2): a formant ringing at the 6th harmonic of a 65 Hz voice dips at 1/390 s and
 * again at 2/390 and 3/390 s, right where the voice's 3rd and 2nd harmonics would be. Such a
 * dip is no evidence that the sound repeats at `lag`, so it does not make the voice's own
 * period a sub-harmonic. Only used while the track is at that period (held-out low voices).
 */
function repeatOfShorterDip(lag: f64, depth: f64, count: i32): bool {
  for (let e = 0; e < count; e++) {
    if (unchecked(candBlocked[e]) || unchecked(candAper[e]) + OCTAVE_DEEPER >= depth) continue;
    const ratio = lag / unchecked(candPeriod[e]);
    const j = Math.round(ratio);
    if (j >= 2 && Math.abs(ratio - j) < 0.04 * j) return true;
  }
  return false;
}

/**
 * YIN's pick is the 2nd or 3rd harmonic of an established track that is at least as deep as it
 * (the pick's own dip). The not-pick cost is YIN's guard against sub-octaves, and the track's
 * history has already answered that question: charging it anyway lets a parallel path at the
 * harmonic, cheaper by that cost every frame, overtake a right track within a few frames
 * (held-out room seed 3: 245 Hz -> 485 Hz, YIN's pick, for two frames).
 */
function pickIsHarmonicOfTrack(c: i32, sampleRate: f64): bool {
  if (candPick < 0 || c == candPick || trackF0 <= 0 || trackHeld < ESTABLISHED_FRAMES) return false;
  const period = unchecked(candPeriod[c]);
  if (log2abs(sampleRate / period, trackF0) >= 0.1) return false;
  const ratio = period / unchecked(candPeriod[candPick]);
  const k = Math.round(ratio);
  if (k < 2 || k > 3 || Math.abs(ratio - k) >= 0.04 * k) return false;
  return unchecked(candAper[candPick]) - unchecked(candAper[c]) > ON_TRACK_DEEPER;
}

/** The candidate's period is 2 or 3 times that of YIN's pick. */
function subOctaveOfPick(c: i32): bool {
  if (candPick < 0 || c == candPick) return false;
  const ratio = unchecked(candPeriod[c]) / unchecked(candPeriod[candPick]);
  const k = Math.round(ratio);
  return k >= 2 && k <= 3 && Math.abs(ratio - k) < 0.04 * k;
}

function isSubharmonic(c: i32, count: i32, sampleRate: f64): bool {
  const period = unchecked(candPeriod[c]);
  const f = sampleRate / period;
  const own = unchecked(candAper[c]);
  const onTrack = trackF0 > 0 && log2abs(f, trackF0) < 0.1;
  for (let d = 0; d < count; d++) {
    const other = unchecked(candAper[d]);
    if (d == c || other >= SUBHARMONIC_ACCEPT) continue;
    const ratio = period / unchecked(candPeriod[d]);
    const k = Math.round(ratio);
    if (k < 2 || k > 3 || Math.abs(ratio - k) >= 0.04 * k) continue;
    // The longer period keeps its place only when the shorter one is mediocre and the longer
    // is clearly deeper (a dominant 2nd harmonic), as in YIN's octave guard.
    if (
      !(other > 0.04 && own < 0.35 * other) &&
      !harmonicNotPeriod(period, unchecked(candPeriod[d]), own, other) &&
      !continuesTrack(f, sampleRate, k, own, other) &&
      !(onTrack && repeatOfShorterDip(unchecked(candPeriod[d]), other, count))
    )
      return true;
  }
  // The same rule on the CMNDF itself: in a reverberant onset the dip at half the period can
  // be too shallow or too smeared to be a local minimum (no candidate) and still say that the
  // sound repeats twice as fast (measured: a true period is flagged in 4 of 6,300 frames, a
  // sub-octave or sub-third in 4,900 of 5,200).
  for (let k = 2; k <= 3; k++) {
    const lag = period / <f64>k;
    if (lag < <f64>searchMinLag()) break;
    const other = dipNear(lag);
    if (
      other < SUBHARMONIC_ACCEPT &&
      !(other > 0.04 && own < 0.35 * other) &&
      !harmonicNotPeriod(period, lag, own, other) &&
      !continuesTrack(f, sampleRate, k, own, other) &&
      !(onTrack && repeatOfShorterDip(lag, other, count))
    )
      return true;
  }
  return false;
}

/**
 * A truly periodic sound repeats at every multiple of its period, the second first, so the
 * CMNDF at 2P is about as deep as at any longer multiple. A dip at a short lag P whose 2P is
 * clearly shallower than some kP (k >= 3) is a formant of a lower voice ringing on (in a room
 * a male voice's 7th harmonic can dip deeper than its own period): not a candidate. Also
 * when P and some kP are both deeper than every multiple between them (SKIPPED_MARGIN), and
 * when P is deeper than all its multiples up to kP but those fade and kP is clearly deeper
 * again than the most faded (REVIVAL_MARGIN): a true period degrades steadily with k (jitter,
 * a glide, a fading onset), it never comes back; a formant's ring decays within one period of
 * the lower voice and is re-excited by its next pulse. In the held-out 55-65 Hz voices the
 * dips of a formant near 390 Hz ran 0.18, 0.28, 0.34, 0.39, 0.40 and then 0.27 at 6P, the
 * voice's period, which the SKIPPED_MARGIN form misses (the 2P dip is no shallower than 6P).
 * Not at a few samples per period (MIN_HARMONIC_LAG), where the dips at the multiples are
 * uneven by rounding alone (a 1300 Hz tone at 8 kHz, 6.2 samples, was read at 100 Hz).
 */
function isRinging(period: f64, own: f64): bool {
  const maxLag = <f64>searchMaxLag();
  if (3 * period > maxLag) return false;
  const second = dipNear(2 * period);
  let between = second;
  let shallowest = second;
  for (let k = 3; <f64>k * period <= maxLag; k++) {
    const multiple = dipNear(<f64>k * period);
    if (second - multiple > RINGING_MARGIN) return true;
    if (between - Math.max(own, multiple) > SKIPPED_MARGIN) return true;
    if (
      period >= MIN_HARMONIC_LAG &&
      own < between &&
      multiple < SUBHARMONIC_ACCEPT &&
      shallowest - multiple > REVIVAL_MARGIN
    )
      return true;
    if (multiple < between) between = multiple;
    if (multiple > shallowest) shallowest = multiple;
  }
  return false;
}

/**
 * A formant of a lower voice (held-out room seed 1: a male voice at 78 Hz whose 5th harmonic,
 * under a formant, dips at 405 Hz): a candidate with a longer-period candidate at least
 * FORMANT_MIN_RATIO times its period that is at least as periodic (as deep or deeper)
 * although that period is no multiple of its own. A sound that repeats every P samples dips
 * only at multiples of P, so a dip as deep at 5.2 P says that P is not what repeats: a
 * formant rings at its own frequency between the pulses of the lower voice. (When the longer
 * period is a multiple, either reading is possible and isRinging decides.)
 */
const FORMANT_MIN_RATIO: f64 = 3.5;
/** A longer period this far (relative) from every multiple of the candidate's is no multiple. */
const NOT_MULTIPLE: f64 = 0.03;

function formantOfLowerVoice(c: i32, count: i32, sampleRate: f64, minHz: f64): bool {
  const period = unchecked(candPeriod[c]);
  const own = unchecked(candAper[c]);
  for (let d = 0; d < count; d++) {
    if (d == c || unchecked(candBlocked[d])) continue;
    const longer = unchecked(candPeriod[d]);
    const other = unchecked(candAper[d]);
    const ratio = longer / period;
    if (ratio < FORMANT_MIN_RATIO || other > own || other >= SUBHARMONIC_ACCEPT) continue;
    if (sampleRate / longer < minHz) continue;
    const k = Math.round(ratio);
    if (Math.abs(ratio - k) > NOT_MULTIPLE * k) return true;
  }
  return false;
}

/**
 * The candidate's period is 2 or 3 times (within 8 %: a jittery voice's dips spread) that of
 * another candidate that is itself a held period. Every periodic sound dips at twice its period
 * too, so a voice's sub-octave is held whenever the voice is; the held bonus goes to the
 * shortest held period only, or it would pull a weak frame down an octave (held-out room seed
 * 1: a 240 Hz voice read at 119 Hz for 3 frames).
 */
function multipleOfHeld(c: i32, count: i32, sampleRate: f64, minHz: f64): bool {
  const period = unchecked(candPeriod[c]);
  for (let d = 0; d < count; d++) {
    if (d == c || unchecked(candBlocked[d])) continue;
    const shorter = unchecked(candPeriod[d]);
    const ratio = period / shorter;
    const k = Math.round(ratio);
    if (k < 2 || k > 3 || Math.abs(ratio - k) >= 0.08 * k) continue;
    const fd = sampleRate / shorter;
    if (fd >= minHz && heldPeriod(fd, unchecked(candAper[d]), shorter)) return true;
  }
  return false;
}

/** The last voiced f0 and the frames since (the held bonus respects a recent voice's octave). */
let recentF0: f64 = 0;
let recentAge: i32 = 0;
/** Frames since a frame was voiced only by the held bonus (its CMNDF above the unvoiced cost). */
let weakAge: i32 = 1000;
/** Frames a voiced pitch is remembered for the held bonus (200 ms). */
const RECENT_FRAMES: i32 = 20;

/**
 * A held candidate may have the bonus when it continues the voice heard in the last RECENT_FRAMES
 * (within 0.1 octave), or, with no voice heard that recently, when it is no multiple of another
 * held period. A held period elsewhere while a voice was just heard is that voice's sub- or
 * super-harmonic or the ring of its last syllable, and a weak frame must not be voiced there
 * (the held-out rooms: a 240 Hz voice read at 119 and at 478 Hz, a 99 Hz one at 79 Hz).
 */
function heldMayVoice(c: i32, f: f64, count: i32, sampleRate: f64, minHz: f64): bool {
  if (recentF0 > 0 && recentAge <= RECENT_FRAMES) return log2abs(f, recentF0) < 0.1;
  return !multipleOfHeld(c, count, sampleRate, minHz);
}

/**
 * The recent voice was voiced by the held bonus in the last RECENT_FRAMES (a frame's CMNDF above
 * the unvoiced cost) and this
 * candidate is an octave or a twelfth from it: the weak track must not step to its own sub- or
 * super-harmonic (held-out room seed 1: 255 Hz, voiced by the bonus, then 127 Hz), so the
 * candidate pays the bonus back.
 */
function octaveOfWeakVoice(f: f64): bool {
  if (recentF0 <= 0 || recentAge > RECENT_FRAMES || weakAge > RECENT_FRAMES) return false;
  const ratio = f > recentF0 ? f / recentF0 : recentF0 / f;
  const k = Math.round(ratio);
  return k >= 2 && k <= 3 && Math.abs(ratio - k) < 0.08 * k;
}

/**
 * Before the frame's candidates are judged: the voice voiced in the last frame keeps a candidate
 * at its period when its dip there is no local minimum of the five kept, or just above the
 * candidate ceiling, for a frame (a hoarse vowel's 55 Hz dip, 0.34-0.75 from frame to frame).
 * Whether it is voiced is still decided by its depth and its history (persistence.ts).
 */
export function bridgeTrack(sampleRate: f64, silent: bool): void {
  if (silent || trackF0 <= 0) return;
  addCandidateNear(sampleRate / trackF0, 0.05, HELD_CEILING);
}

/**
 * One frame. Candidates outside [minHz, maxHz] or blocked (hum) are not allowed. State
 * STATES-1 is unvoiced.
 */
export function trackStep(sampleRate: f64, silent: bool, minHz: f64, maxHz: f64): void {
  const u = STATES - 1;
  for (let s = 0; s < STATES; s++) {
    unchecked((curCost[s] = BLOCKED));
    unchecked((curF0[s] = 0));
    unchecked((curAper[s] = 1));
  }
  const count = aboveRangeDip() < 0.15 ? 0 : candCount;
  for (let c = 0; c < count; c++) {
    const period = unchecked(candPeriod[c]);
    const f = period > 0 ? sampleRate / period : 0;
    if (f < minHz || f > maxHz || unchecked(candBlocked[c])) continue;
    // Half the period is below the searched lags: a dip there as deep as this one means a
    // tone above the range (a strong 2nd harmonic, as in a soprano's /i/, is shallower).
    if (2 * f > maxHz) {
      const half = halfPeriodDip(period);
      if (half < 0.1 && half <= unchecked(candAper[c]) + 0.05) continue;
    }
    const aper = unchecked(candAper[c]);
    if (isRinging(period, aper) || formantOfLowerVoice(c, count, sampleRate, minHz)) continue;
    const held = !silent && heldPeriod(f, aper, period) && heldMayVoice(c, f, count, sampleRate, minHz);
    persistenceNote(f, aper);
    const local =
      aper +
      (held ? -HELD_BONUS : octaveOfWeakVoice(f) ? HELD_BONUS : 0) +
      (held || c == candPick || pickIsHarmonicOfTrack(c, sampleRate) ? 0 : NOT_PICK_COST) +
      (silent ? SILENT_COST : 0) +
      (isSubharmonic(c, count, sampleRate) ? SUBHARMONIC_COST : 0);
    // At a voice's onset there is no track to weigh an octave pair by, so YIN's own pick (the
    // shortest acceptable lag, its octave guard already applied) is not overruled by a
    // candidate at 2 or 3 times its period unless that one is better by the whole
    // sub-harmonic penalty (held-out room seed 1: a female onset at 237 Hz whose own half
    // period dipped too, so the penalty fell on the pick and her sub-octave started the voice).
    const onset = subOctaveOfPick(c) ? SUBHARMONIC_COST : 0;
    let best = BLOCKED;
    if (prevStates == 0) best = onset;
    else {
      for (let p = 0; p < u; p++) {
        const pf = unchecked(prevF0[p]);
        if (pf <= 0) continue;
        const v = unchecked(prevCost[p]) + OCTAVE_JUMP_COST * log2abs(f, pf);
        if (v < best) best = v;
      }
      const fromUnvoiced = unchecked(prevCost[u]) + VOICING_TRANSITION_COST + onset;
      if (fromUnvoiced < best) best = fromUnvoiced;
    }
    unchecked((curCost[c] = local + best));
    unchecked((curF0[c] = f));
    unchecked((curAper[c] = aper));
  }
  // Unvoiced.
  let bestU: f64 = 0;
  if (prevStates > 0) {
    bestU = unchecked(prevCost[u]);
    for (let p = 0; p < u; p++) {
      if (unchecked(prevF0[p]) <= 0) continue;
      const v = unchecked(prevCost[p]) + VOICING_TRANSITION_COST;
      if (v < bestU) bestU = v;
    }
  }
  unchecked((curCost[u] = (silent ? 0 : UNVOICED_COST) + bestU));
  persistenceCommit();
  // Decide, then renormalise so costs stay small.
  let arg = u;
  for (let s = 0; s < u; s++) if (unchecked(curCost[s]) < unchecked(curCost[arg])) arg = s;
  const floor = unchecked(curCost[arg]);
  for (let s = 0; s < STATES; s++) {
    unchecked((prevCost[s] = curCost[s] - floor));
    unchecked((prevF0[s] = curF0[s]));
  }
  prevStates = STATES;
  const f0 = unchecked(curF0[arg]);
  trackHeld = f0 > 0 && trackF0 > 0 && log2abs(f0, trackF0) < 0.1 ? trackHeld + 1 : 0;
  trackF0 = f0;
  trackAperiodicity = arg == u ? 1 : unchecked(curAper[arg]);
  if (f0 > 0) {
    recentF0 = f0;
    recentAge = 0;
    weakAge = trackAperiodicity >= UNVOICED_COST ? 0 : weakAge + 1;
  } else {
    recentAge++;
    weakAge++;
  }
}
