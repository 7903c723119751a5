import { BREATH_CLIPS, COUNT_WORDS, clipName, type Breath, type SessionScript } from '../catalogue-scripts';

/** One spoken clip placed on the track's timeline (seconds). */
export interface SpokenCue {
  clip: string;
  at: number;
  /** Seconds the clip lasts. */
  dur: number;
  kind: 'intro' | 'instruction' | 'count' | 'closing';
}

/** Where the guide sings the exercise (the sung phrases are laid out inside each window). */
export interface SingWindow {
  from: number;
  to: number;
}

export interface GuidancePlan {
  cues: SpokenCue[];
  sing: SingWindow[];
}

/** Bed alone before the first word, so the track opens gently. */
const LEAD_IN = 4;
/** Pause after an instruction before the counting starts. */
const AFTER_SAY = 1.2;
/** Bed alone after the closing words (the master fades the last 6 s). */
const TAIL = 10;
/** The longest a count word may sound, within its one-second beat. */
const COUNT_MAX_SEC = 0.95;
/** A sung window shorter than this would not be an exercise: the plan refuses it. */
export const MIN_SING_SEC = 25;

/**
 * Lays a session's script out over `lengthSec`: intro, then per round its instruction, paced
 * breathing counts ("Breathe in", "two", "three"... one word per second, "Hold", "And out"...),
 * and a sung window; then the closing. The time left after speech and counting is shared out
 * over the sung windows in proportion, so the track is exactly `lengthSec` long and every round
 * sings for a similar time. `clipSec` gives each clip's length.
 */
export function planGuidance(
  script: SessionScript,
  lengthSec: number,
  clipSec: (clip: string) => number,
): GuidancePlan {
  const fixed =
    LEAD_IN +
    clipSec(clipName.intro(script.id)) +
    1.5 +
    script.rounds.reduce(
      (n, r, i) => n + clipSec(clipName.round(script.id, i)) + AFTER_SAY + breathSec(r.breath) + 1.5,
      0,
    ) +
    clipSec(clipName.closing(script.id)) +
    TAIL;
  const singEach = (lengthSec - fixed) / script.rounds.length;
  if (singEach < MIN_SING_SEC)
    throw new Error(
      `session ${script.id}: ${lengthSec} s leaves ${singEach.toFixed(1)} s per sung round (needs ${MIN_SING_SEC})`,
    );
  const cues: SpokenCue[] = [];
  const sing: SingWindow[] = [];
  const say = (clip: string, at: number, kind: SpokenCue['kind']) => {
    // A count word gets its beat and no more: its clip's trailing silence is cut (the mixer
    // plays `dur` seconds), so "Breathe in" never runs into "two".
    const dur = kind === 'count' ? Math.min(clipSec(clip), COUNT_MAX_SEC) : clipSec(clip);
    cues.push({ clip, at, dur, kind });
    return at + dur;
  };
  let t = say(clipName.intro(script.id), LEAD_IN, 'intro') + 1.5;
  script.rounds.forEach((round, i) => {
    t = say(clipName.round(script.id, i), t, 'instruction') + AFTER_SAY;
    t = countBreaths(round.breath, t, (clip, at) => say(clip, at, 'count'));
    // Round to a millisecond so the plan is the same on every machine.
    const to = Math.round((t + singEach) * 1000) / 1000;
    sing.push({ from: t, to });
    t = to + 1.5;
  });
  say(clipName.closing(script.id), t, 'closing');
  return { cues, sing };
}

/** Seconds the breathing counts of one round take. */
export function breathSec(b: Breath): number {
  return b.cycles * (b.in + b.hold + b.out);
}

/** One word per second: the phase's name on its first beat, then the count (two, three…). */
function countBreaths(b: Breath, start: number, say: (clip: string, at: number) => void): number {
  let t = start;
  for (let c = 0; c < b.cycles; c++) {
    for (const [phase, beats] of [
      ['in', b.in],
      ['hold', b.hold],
      ['out', b.out],
    ] as const) {
      for (let k = 0; k < beats; k++) {
        const word = k === 0 ? BREATH_CLIPS[phase] : COUNT_WORDS[k - 1];
        if (word) say(clipName.word(word), t + k);
      }
      t += beats;
    }
  }
  return t;
}
