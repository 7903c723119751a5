// The one table that decides every piece of voice advice: the tuning room's and
// /voice-analysis's card (headline and up to two suggestions), the coaching tips' exercises
// (spec section 9) and the template player's "your voice in this session". Each rule names the
// dimension it speaks about and its direction, so the resolver can make sure that no two shown
// statements contradict each other (issue 20: "very gentle" next to "too loud").
// Thresholds are on the analyser's second-generation measures (dsp/README.md), calibrated on the
// project's real recordings; why each one is where it is: docs/voice-feedback.md.
import { MIN_VOICED_FRAMES, type VoiceMeasurements } from './measurements';
import { EXERCISES, type Recommendation } from './tuningRoom';

export const FEEDBACK = {
  excellent: 'Beautiful work: your voice sounds clear and steady. Enjoy how grounded it feels.',
  good: 'Lovely progress: your voice is coming through clearly. Keep breathing easily and let it flow.',
  soft: 'Your voice is very gentle right now. When you are ready, let a little more sound out; there is room for it.',
  exploring:
    'Thank you for sharing your voice. Every sound you make is a step; stay curious and kind to yourself.',
} as const;

export const SUGGESTIONS = {
  clipped:
    'That was too loud for the microphone: some peaks were cut off. Move back a little or turn the input down.',
  breath: 'Some breath is escaping with the sound. Try a slow, low breath and a gentle hum before speaking.',
  resonance: 'Your voice is ringing nicely. Notice that buzz in your face and chest and let it carry you.',
  stability:
    'Your pitch is wandering a little. Hold one comfortable note on an easy "mmm" for a few breaths.',
  tooSoft: 'Try speaking as if to someone across the room: a bit more breath support will carry your voice.',
} as const;

/** Every "not a voice" message starts with these words. */
export const NO_VOICE_LEAD = 'We could not hear a voice';

export const NOT_HEARD = {
  nothing: 'We did not hear enough voice to analyse. Try humming or singing a note for a few seconds.',
  noise: `${NO_VOICE_LEAD}, only sound without a pitch, like hiss, rustle or wind, so there is no voice advice this time. Hum, speak or sing for a few seconds, close to the microphone.`,
  tone: `${NO_VOICE_LEAD}, only a steady electronic tone, like a beep, held more exactly than a voice ever is, so there is no voice advice this time. Hum, speak or sing for a few seconds and we will listen again.`,
} as const;

/** Clipping on more than this share of voiced frames is reported. */
export const CLIPPED_SHARE = 0.02;
/** Median centroid / f0 under this is a pure tone (sines 1.00-1.06; voices 2.2 and up). */
export const PURE_TONE_CENTROID_RATIO = 1.2;
/** Median pitch drift under this many cents, without vibrato, is a machine (tones 0-2; voices 14+). */
export const MACHINE_WOBBLE_CENTS = 3;
/** A vibrato on this share of voiced frames is a singer's, whatever the drift. */
export const VOICE_VIBRATO_SHARE = 0.25;

/** What a statement speaks about, and which way. Two directions of one dimension contradict. */
export const DIRECTIONS = {
  presence: ['absent'],
  loudness: ['up', 'down'],
  steadiness: ['steady', 'wandering'],
  clarity: ['clear', 'breathy'],
  resonance: ['ringing'],
} as const;
export type Dimension = keyof typeof DIRECTIONS;
export type Stance = {
  [D in Dimension]: { dimension: D; direction: (typeof DIRECTIONS)[D][number] };
}[Dimension];

/**
 * verdict: "is it a voice?" (shown alone); headline: exactly one; tip: up to two;
 * exercise: the coaching tips (up to three, spec section 9).
 */
export type Slot = 'verdict' | 'headline' | 'tip' | 'exercise';
export const SLOT_CAPS: Record<Slot, number> = { verdict: 1, headline: 1, tip: 2, exercise: 3 };

export type Heard = 'voice' | 'nothing' | 'noise' | 'tone';

export interface FeedbackRule {
  id: string;
  slot: Slot;
  /** Higher first. Within a dimension the higher-priority measure is the one believed. */
  priority: number;
  /** The statements the text makes; exercises are offers and make none. */
  about: readonly Stance[];
  when: (m: VoiceMeasurements) => boolean;
  text: string;
  /** Verdict rules: what was heard instead of a voice. */
  heard?: Exclude<Heard, 'voice'>;
  /** Exercise rules: the catalogue entry offered. */
  exercise?: Recommendation;
}

const loud = { dimension: 'loudness', direction: 'down' } as const;
const gentle = { dimension: 'loudness', direction: 'up' } as const;
const steady = { dimension: 'steadiness', direction: 'steady' } as const;
const clear = { dimension: 'clarity', direction: 'clear' } as const;
const absent = { dimension: 'presence', direction: 'absent' } as const;

const fewVoiced = (m: VoiceMeasurements) =>
  m.presence !== undefined && m.presence.voicedFrames < MIN_VOICED_FRAMES;

/** A voice is never held dead still: its pitch drifts by tens of cents, or it sings a vibrato. */
function machineTone(m: VoiceMeasurements): boolean {
  const p = m.presence;
  if (!p || p.voicedFrames < MIN_VOICED_FRAMES) return false;
  const pure = p.centroidRatio !== null && p.centroidRatio < PURE_TONE_CENTROID_RATIO;
  const still =
    p.wobbleCents !== null && p.wobbleCents < MACHINE_WOBBLE_CENTS && p.vibratoShare < VOICE_VIBRATO_SHARE;
  return pure || still;
}

/** The table. Order within one priority is the order shown. */
export const FEEDBACK_RULES: readonly FeedbackRule[] = [
  // Is it a voice? (verdicts win over everything and are shown alone)
  {
    id: 'nothing',
    slot: 'verdict',
    priority: 1000,
    about: [absent],
    heard: 'nothing',
    when: (m) => fewVoiced(m) && (m.presence?.soundFrames ?? 0) < MIN_VOICED_FRAMES,
    text: NOT_HEARD.nothing,
  },
  {
    id: 'noise',
    slot: 'verdict',
    priority: 1000,
    about: [absent],
    heard: 'noise',
    when: (m) => fewVoiced(m) && (m.presence?.soundFrames ?? 0) >= MIN_VOICED_FRAMES,
    text: NOT_HEARD.noise,
  },
  {
    id: 'tone',
    slot: 'verdict',
    priority: 1000,
    about: [absent],
    heard: 'tone',
    when: machineTone,
    text: NOT_HEARD.tone,
  },

  // Statements about the voice. Clipping comes first: it is measured on the peaks, and a clipped
  // frame has no projection (its level is the microphone's), so a low projection next to
  // clipping means "the loud part was cut off", never "too gentle".
  {
    id: 'clipped',
    slot: 'tip',
    priority: 90,
    about: [loud],
    when: (m) => m.clippedShare > CLIPPED_SHARE,
    text: SUGGESTIONS.clipped,
  },
  // Headlines are tied to the score's colour (80 / 60, spec section 9): "Beautiful work" only
  // ever sits next to a green score.
  {
    id: 'excellent',
    slot: 'headline',
    priority: 80,
    about: [clear, steady],
    when: (m) => m.overall >= 80 && m.clarity >= 0.7 && m.stability >= 0.7,
    text: FEEDBACK.excellent,
  },
  {
    id: 'good',
    slot: 'headline',
    priority: 70,
    about: [clear],
    when: (m) => m.overall >= 60 && m.clarity >= 0.5 && m.stability >= 0.5,
    text: FEEDBACK.good,
  },
  {
    id: 'breath',
    slot: 'tip',
    priority: 60,
    about: [{ dimension: 'clarity', direction: 'breathy' }],
    when: (m) => m.breathiness > 0.6,
    text: SUGGESTIONS.breath,
  },
  {
    id: 'wandering',
    slot: 'tip',
    priority: 50,
    about: [{ dimension: 'steadiness', direction: 'wandering' }],
    when: (m) => m.stability < 0.55,
    text: SUGGESTIONS.stability,
  },
  {
    id: 'soft',
    slot: 'headline',
    priority: 40,
    about: [gentle],
    when: (m) => m.projection < 0.35,
    text: FEEDBACK.soft,
  },
  {
    id: 'too-soft',
    slot: 'tip',
    priority: 35,
    about: [gentle],
    when: (m) => m.projection < 0.45,
    text: SUGGESTIONS.tooSoft,
  },
  {
    id: 'ringing',
    slot: 'tip',
    priority: 20,
    about: [{ dimension: 'resonance', direction: 'ringing' }],
    when: (m) => m.resonance > 0.7,
    text: SUGGESTIONS.resonance,
  },
  { id: 'exploring', slot: 'headline', priority: 0, about: [], when: () => true, text: FEEDBACK.exploring },

  // Coaching tips (spec section 9): clarity below 70 and stability below 70 each add one; if
  // neither applies, two for building on strength; 'Gentle Voice Recovery' always last.
  exercise('articulation', 30, (m) => m.clarity < 0.7),
  exercise('breath', 29, (m) => m.stability < 0.7),
  exercise('confidence', 28, (m) => m.clarity >= 0.7 && m.stability >= 0.7),
  exercise('range', 27, (m) => m.clarity >= 0.7 && m.stability >= 0.7),
  exercise('recovery', 0, () => true),
];

function exercise(
  key: keyof typeof EXERCISES,
  priority: number,
  when: (m: VoiceMeasurements) => boolean,
): FeedbackRule {
  const e = EXERCISES[key];
  return { id: `exercise-${key}`, slot: 'exercise', priority, about: [], when, text: e.title, exercise: e };
}

export interface Feedback {
  /** 'voice' when there is advice; otherwise what was heard instead (the headline says so). */
  heard: Heard;
  headline: string;
  /** At most two, most important first; none when no voice was heard. */
  tips: string[];
  /** The coaching tips' exercises; none when no voice was heard. */
  exercises: Recommendation[];
  /** The rules that spoke, in the order shown (headline, tips, exercises). */
  shown: FeedbackRule[];
}

const byPriority = (a: FeedbackRule, b: FeedbackRule) => b.priority - a.priority;

/** The first verdict rule (not a voice) that applies, in the table's order; none for a voice. */
function verdictOf(m: VoiceMeasurements): FeedbackRule | undefined {
  return FEEDBACK_RULES.find((r) => r.slot === 'verdict' && r.when(m));
}

/**
 * "Is this a voice?" by the table's verdicts alone: what decideFeedback says first. The live
 * readout asks it of the recording so far and the final word of the whole recording, so the two
 * never disagree (issue 30: a pure tone scored 65 live, then was "not a voice").
 */
export function heardIn(m: VoiceMeasurements): Heard {
  return verdictOf(m)?.heard ?? 'voice';
}

/** What the live readout says while it hears something that is not a voice (short forms of NOT_HEARD). */
export const NOT_HEARD_LIVE = {
  nothing: '',
  noise: 'We hear sound without a pitch, not a voice.',
  tone: 'We hear a steady electronic tone, not a voice.',
} as const;

/**
 * Applies the table: a verdict (not a voice) is shown alone; otherwise statements are taken by
 * priority, one per dimension (the higher-priority measure is believed, and nothing is said
 * twice), within each slot's cap; then the exercises.
 */
export function decideFeedback(m: VoiceMeasurements): Feedback {
  const verdict = verdictOf(m);
  if (verdict)
    return {
      heard: verdict.heard ?? 'noise',
      headline: verdict.text,
      tips: [],
      exercises: [],
      shown: [verdict],
    };

  const applicable = FEEDBACK_RULES.filter((r) => r.when(m)).sort(byPriority);
  const spoken = new Set<Dimension>();
  const taken: FeedbackRule[] = [];
  const count = (slot: Slot) => taken.filter((r) => r.slot === slot).length;
  for (const rule of applicable) {
    if (rule.slot === 'verdict' || count(rule.slot) >= SLOT_CAPS[rule.slot]) continue;
    if (rule.about.some((s) => spoken.has(s.dimension))) continue;
    rule.about.forEach((s) => spoken.add(s.dimension));
    taken.push(rule);
  }
  const inSlot = (slot: Slot) => taken.filter((r) => r.slot === slot);
  const headline = inSlot('headline')[0];
  return {
    heard: 'voice',
    headline: headline?.text ?? FEEDBACK.exploring,
    tips: inSlot('tip').map((r) => r.text),
    exercises: inSlot('exercise').flatMap((r) => (r.exercise ? [r.exercise] : [])),
    shown: [...inSlot('headline'), ...inSlot('tip'), ...inSlot('exercise')],
  };
}
