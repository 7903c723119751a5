// Technique feedback (tier feature `technique_feedback`, level 5, issue 30): plain statements
// about how a member sings, each derived by one rule over the note results of their recent
// scored takes (match the note, template steps, vocal exercises), each with the exercise that
// trains it. Pure: the screen runs it on the device over the takes the member already has.
// docs/features/vocal-exercises-and-technique.md lists every rule, what it reads and its
// threshold; the numbers here are those.
import { typicalOf } from '../voice/typical';
import { parseTarget } from './notes';
import type { NoteResult } from './types';
import { exerciseFor, type TechniqueArea } from './vocal-exercises';

/** A scored take as the app keeps it (GET /api/pitch-exercises/results). */
export interface TakeForFeedback {
  recordedAt: string;
  /** The target as written back: "A3:1,B3:1~,-:0.5". */
  target: string;
  notes: readonly NoteResult[];
}

/**
 * A tuning-room free recording's summary as the tuning room keeps it (on the device, or in the
 * account when the member chose to): percentages 0-100, as in docs/voice-feedback.md.
 */
export interface RecordingForFeedback {
  at: string;
  stability: number;
  breathiness: number;
  voicedFrames: number;
}

export interface TechniqueFinding {
  rule: RuleId;
  area: TechniqueArea;
  /** The statement, in plain words. */
  statement: string;
  /** What to try. */
  advice: string;
  /** The numbers behind it, second. */
  numbers: string;
  /** The vocal exercise that trains it. */
  exerciseId: string;
  exerciseTitle: string;
}

export type RuleId =
  | 'slow-arrival'
  | 'flat'
  | 'sharp'
  | 'unsteady'
  | 'phrase-end-flat'
  | 'high-less-steady'
  | 'low-less-steady'
  | 'leaps-land-late'
  | 'recordings-wander'
  | 'recordings-breathy';

export type TechniqueFeedback =
  | { kind: 'too-few'; takes: number; sungNotes: number; takesNeeded: number; notesNeeded: number }
  | { kind: 'feedback'; takes: number; sungNotes: number; findings: TechniqueFinding[] };

/** The thresholds, named as the doc names them. */
export const RULES = {
  recentTakes: 20,
  minTakes: 3,
  minSungNotes: 10,
  slowArrivalMs: 250,
  offCents: 15,
  unsteadyHeld: 0.6,
  phraseEndDropCents: 15,
  phraseEndMinTakes: 3,
  registerHeldGap: 0.15,
  registerMinNotes: 4,
  leapSemitones: 5,
  stepSemitones: 2,
  leapLateMs: 150,
  leapMinNotes: 3,
  recentRecordings: 10,
  minRecordings: 3,
  /** A recording with fewer voiced frames heard no voice (docs/voice-feedback.md, "nothing"). */
  minVoicedFrames: 12,
  /** The voice-feedback table's "wandering" rule: stability below 0.55. */
  wanderingStability: 55,
  /** The voice-feedback table's "breath" rule: breathiness above 0.6. */
  breathyBreathiness: 60,
} as const;

/** One sung note of a take, with where it sits and how it was reached. */
interface SungNote {
  take: number;
  midi: number;
  centsOff: number;
  heldFraction: number;
  onsetMs: number | null;
  /** Semitones from the previous sung note of the same take; null for a take's first note. */
  interval: number | null;
  last: boolean;
}

const toMidi = (hz: number) => 69 + 12 * Math.log2(hz / 440);

/**
 * The middle value, one a real note or take had (issue 31: a summary never shows a number that
 * matches none, as the median of 2 and 398 cents, 200, would). With an even count, the less good
 * of the two middle ones (src/domain/voice/typical.ts).
 */
const middle = (values: readonly number[], better: 'higher' | 'lower') => typicalOf(values, better) as number;

/** Signed cents: the middle note's; of two middle ones, the one further off the note. */
function middleCents(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const lo = v[(v.length - 1) >> 1] as number;
  const hi = v[v.length >> 1] as number;
  return Math.abs(hi) > Math.abs(lo) ? hi : lo;
}

/** The sung notes of a take (pitch known, a result with cents), in order; none for a bad target. */
function sungNotesOf(take: TakeForFeedback, index: number): SungNote[] {
  let targets;
  try {
    targets = parseTarget(take.target);
  } catch {
    return [];
  }
  const out: SungNote[] = [];
  targets.forEach((t, i) => {
    const r = take.notes[i];
    if (t.hz === null || !r || r.centsOff === null) return;
    const midi = toMidi(t.hz);
    const prev = out[out.length - 1];
    out.push({
      take: index,
      midi,
      centsOff: r.centsOff,
      heldFraction: r.heldFraction ?? 0,
      onsetMs: r.onsetMs,
      interval: prev ? Math.abs(midi - prev.midi) : null,
      last: false,
    });
  });
  const lastNote = out[out.length - 1];
  if (lastNote && out.length > 1) lastNote.last = true;
  return out;
}

/** The newest `RULES.recentTakes` takes with a sung note, newest first. */
export function recentTakes<T extends TakeForFeedback>(takes: readonly T[]): T[] {
  return [...takes]
    .filter((t) => t.notes.some((n) => n.centsOff !== null))
    .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt))
    .slice(0, RULES.recentTakes);
}

export function techniqueFeedback(
  allTakes: readonly TakeForFeedback[],
  recordings: readonly RecordingForFeedback[] = [],
): TechniqueFeedback {
  const takes = recentTakes(allTakes);
  const perTake = takes.map(sungNotesOf);
  const notes = perTake.flat();
  if (takes.length < RULES.minTakes || notes.length < RULES.minSungNotes)
    return {
      kind: 'too-few',
      takes: takes.length,
      sungNotes: notes.length,
      takesNeeded: RULES.minTakes,
      notesNeeded: RULES.minSungNotes,
    };
  const findings = [
    pitchCentre(notes),
    steadiness(notes),
    arrival(notes),
    phraseEnd(perTake),
    registers(notes),
    leaps(notes),
    ...fromRecordings(recordings),
  ].filter((f): f is TechniqueFinding => f !== null);
  return { kind: 'feedback', takes: takes.length, sungNotes: notes.length, findings };
}

function finding(
  rule: RuleId,
  area: TechniqueArea,
  statement: string,
  advice: string,
  numbers: string,
): TechniqueFinding {
  const ex = exerciseFor(area);
  return { rule, area, statement, advice, numbers, exerciseId: ex.id, exerciseTitle: ex.title };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const secs = (ms: number) => `${(Math.round(ms / 100) / 10).toFixed(1)} s`;

/** flat / sharp: the median cents off over every sung note. */
function pitchCentre(notes: readonly SungNote[]): TechniqueFinding | null {
  const c = middleCents(notes.map((n) => n.centsOff));
  const numbers = `Middle of your notes: ${Math.round(Math.abs(c))} cents ${c < 0 ? 'flat' : 'sharp'}, over ${notes.length} notes.`;
  if (c <= -RULES.offCents)
    return finding(
      'flat',
      'accuracy',
      'You tend to sing a little under the note (flat).',
      'Think of each note as slightly higher and brighter, and keep the breath flowing: flat notes often come from a tired or held-back breath.',
      numbers,
    );
  if (c >= RULES.offCents)
    return finding(
      'sharp',
      'accuracy',
      'You tend to sing a little over the note (sharp).',
      'Sing a little softer and let the note sit rather than push: sharp notes often come from pressing harder than the note needs.',
      numbers,
    );
  return null;
}

/** unsteady: the median share of each note held within ±50 cents. */
function steadiness(notes: readonly SungNote[]): TechniqueFinding | null {
  const held = middle(
    notes.map((n) => n.heldFraction),
    'higher',
  );
  if (held >= RULES.unsteadyHeld) return null;
  return finding(
    'unsteady',
    'steadiness',
    'Your notes wander while you hold them: the pitch moves in and out of the note.',
    'Hold long notes on an easy, even breath; steady air makes a steady pitch.',
    `You held ${pct(held)} of a typical note within half a semitone (the rule asks for ${pct(RULES.unsteadyHeld)}).`,
  );
}

/** slow-arrival: the median time to arrive on a note. */
function arrival(notes: readonly SungNote[]): TechniqueFinding | null {
  const onsets = notes.map((n) => n.onsetMs).filter((ms): ms is number => ms !== null);
  if (onsets.length < RULES.minSungNotes) return null;
  const ms = middle(onsets, 'lower');
  if (ms < RULES.slowArrivalMs) return null;
  return finding(
    'slow-arrival',
    'arrival',
    `You take a moment to settle on each note: about ${secs(ms)} after it starts.`,
    'Hear the note in your head before you sing it, then start right on it instead of sliding in.',
    `Typical arrival: ${Math.round(ms)} ms, over ${onsets.length} notes (the rule flags ${RULES.slowArrivalMs} ms or more).`,
  );
}

/** phrase-end-flat: per take, the last note's cents off against the median of the others. */
function phraseEnd(perTake: readonly SungNote[][]): TechniqueFinding | null {
  const drops = perTake.flatMap((take) => {
    const last = take.find((n) => n.last);
    const rest = take.filter((n) => !n.last);
    return last && rest.length ? [last.centsOff - middleCents(rest.map((n) => n.centsOff))] : [];
  });
  if (drops.length < RULES.phraseEndMinTakes) return null;
  const drop = middle(drops, 'higher');
  if (drop > -RULES.phraseEndDropCents) return null;
  return finding(
    'phrase-end-flat',
    'breath',
    'Your last note of a phrase sags flat, as the breath runs out.',
    'Take a fuller breath before you start and save some air for the end; think "up" on the last note.',
    `Last notes sat ${Math.round(-drop)} cents lower than the rest of their take, over ${drops.length} takes.`,
  );
}

/** high-/low-less-steady: held share of the top third of notes by pitch against the bottom third. */
function registers(notes: readonly SungNote[]): TechniqueFinding | null {
  const sorted = [...notes].sort((a, b) => a.midi - b.midi);
  const third = Math.floor(sorted.length / 3);
  if (third < RULES.registerMinNotes) return null;
  const low = sorted.slice(0, third);
  const high = sorted.slice(-third);
  // Notes at the same pitch on both sides would compare a note with itself.
  if ((high[0] as SungNote).midi - (low[low.length - 1] as SungNote).midi < 1) return null;
  const lowHeld = middle(
    low.map((n) => n.heldFraction),
    'higher',
  );
  const highHeld = middle(
    high.map((n) => n.heldFraction),
    'higher',
  );
  const numbers = `Held in tune: ${pct(highHeld)} of a typical higher note, ${pct(lowHeld)} of a typical lower one.`;
  if (lowHeld - highHeld >= RULES.registerHeldGap)
    return finding(
      'high-less-steady',
      'high',
      'Your high notes are less steady than your low ones.',
      'Lighten up as you go higher instead of pushing more air; slide up on a lip trill to find an easy way in.',
      numbers,
    );
  if (highHeld - lowHeld >= RULES.registerHeldGap)
    return finding(
      'low-less-steady',
      'low',
      'Your low notes are less steady than your high ones.',
      'Let low notes be quieter and relaxed; keep the sound forward rather than pressing down into it.',
      numbers,
    );
  return null;
}

/** leaps-land-late: arrival after a leap against arrival after a step. */
function leaps(notes: readonly SungNote[]): TechniqueFinding | null {
  const onsetAfter = (test: (i: number) => boolean) =>
    notes
      .filter((n) => n.interval !== null && test(n.interval) && n.onsetMs !== null)
      .map((n) => n.onsetMs as number);
  const afterLeap = onsetAfter((i) => i >= RULES.leapSemitones);
  const afterStep = onsetAfter((i) => i > 0 && i <= RULES.stepSemitones);
  if (afterLeap.length < RULES.leapMinNotes || afterStep.length < RULES.leapMinNotes) return null;
  const late = middle(afterLeap, 'lower') - middle(afterStep, 'lower');
  if (late < RULES.leapLateMs) return null;
  return finding(
    'leaps-land-late',
    'leaps',
    'After a leap you land on the note later than after a small step.',
    'Before a leap, hear the target note in your head; aim at it rather than climbing to it.',
    `Typical arrival after leaps: ${Math.round(middle(afterLeap, 'lower'))} ms; after steps: ${Math.round(middle(afterStep, 'lower'))} ms.`,
  );
}

/**
 * recordings-wander / recordings-breathy: the tuning room's own voice-feedback rules
 * (docs/voice-feedback.md, "wandering" and "breath"), applied to the median of the member's
 * recent free recordings instead of one, so one odd recording does not speak.
 */
function fromRecordings(all: readonly RecordingForFeedback[]): (TechniqueFinding | null)[] {
  const recent = [...all]
    .filter((r) => r.voicedFrames >= RULES.minVoicedFrames)
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RULES.recentRecordings);
  if (recent.length < RULES.minRecordings) return [];
  const stability = middle(
    recent.map((r) => r.stability),
    'higher',
  );
  const breathiness = middle(
    recent.map((r) => r.breathiness),
    'lower',
  );
  const over = `your last ${recent.length} free recordings in the tuning room`;
  return [
    stability < RULES.wanderingStability
      ? finding(
          'recordings-wander',
          'steadiness',
          'When you sing freely, your pitch wavers on held sound.',
          'Hold one comfortable note on an easy "mmm" for a few breaths, keeping the air even.',
          `Typical steadiness ${Math.round(stability)}% over ${over} (the tuning room flags below ${RULES.wanderingStability}%).`,
        )
      : null,
    breathiness > RULES.breathyBreathiness
      ? finding(
          'recordings-breathy',
          'warm-up',
          'Your voice sounds breathy: air escapes around the sound.',
          'Start notes on a hum so the lips buzz, then open to a vowel keeping that buzz; do not push.',
          `Typical breathiness ${Math.round(breathiness)}% over ${over} (the tuning room flags above ${RULES.breathyBreathiness}%).`,
        )
      : null,
  ];
}

/** Each rule in a member's words, with what it reads and its threshold (shown under the feedback). */
export const RULE_TEXTS: readonly { rule: string; text: string }[] = [
  {
    rule: 'flat or sharp',
    text: `the middle of your notes (median cents off; of two middle notes, the one further off) is ${RULES.offCents} cents or more under or over the target.`,
  },
  {
    rule: 'notes wander',
    text: `a typical note (median) is held within half a semitone for less than ${Math.round(RULES.unsteadyHeld * 100)}% of its time.`,
  },
  {
    rule: 'slow to settle',
    text: `a typical note (median) takes ${RULES.slowArrivalMs} ms or more before your voice stays on it.`,
  },
  {
    rule: 'last note sags',
    text: `in at least ${RULES.phraseEndMinTakes} takes, the last note sits a median ${RULES.phraseEndDropCents} cents or more under the rest of its take.`,
  },
  {
    rule: 'high or low notes less steady',
    text: `your highest third of notes holds in tune ${Math.round(RULES.registerHeldGap * 100)} points less (or more) of the time than your lowest third (at least ${RULES.registerMinNotes} notes in each).`,
  },
  {
    rule: 'leaps land late',
    text: `after a leap of ${RULES.leapSemitones} semitones or more you arrive ${RULES.leapLateMs} ms or more later than after a step of 1-${RULES.stepSemitones} semitones.`,
  },
  {
    rule: 'pitch wavers, sounds breathy',
    text: `over at least ${RULES.minRecordings} of your recent free recordings in the tuning room, the middle steadiness is below ${RULES.wanderingStability}% or the middle breathiness above ${RULES.breathyBreathiness}%: the tuning room's own rules, applied to several recordings.`,
  },
];
