import type { StopRule } from '../assessment/auto-stop';

/**
 * The guided range check, after the voice range profile protocol of the Union of European
 * Phoniatricians (Schutte & Seidner 1983): glides for the extremes of pitch, then the softest
 * and loudest sustained "ah" across the range. Each step is one take, ending by itself after
 * its silence (or with the member's "done").
 */
export interface RangeStep {
  title: string;
  how: string;
  rule: StopRule;
}

/**
 * A glide ends when the voice has stopped for 1.5 s (a breath in the middle is shorter); three
 * held notes with a breath between end after 3 s of silence. The limits keep the whole check
 * (20 + 20 + 35 + 35 s at most) within the engine's 120 s (MAX_RANGE_SECONDS, dsp/range.ts).
 */
const GLIDE: StopRule = { holdSeconds: null, silenceAfterSeconds: 1.5, limitSeconds: 20 };
const HELD: StopRule = { holdSeconds: null, silenceAfterSeconds: 3, limitSeconds: 35 };

export const WARM_UP =
  'First, warm up for a minute: hum gently, then slide up and down on “ng” or a lip trill, nothing loud.';

export const RANGE_STEPS: readonly RangeStep[] = [
  {
    title: 'glide up on “ah”',
    how: 'Start on your lowest comfortable note and slide slowly up to your highest, like a siren. Stop where it starts to strain.',
    rule: GLIDE,
  },
  {
    title: 'glide back down',
    how: 'Now start high and slide slowly all the way down to your lowest comfortable note.',
    rule: GLIDE,
  },
  {
    title: 'a soft “ah” on a low, a middle and a high note',
    how: 'As softly as you can while it is still a voice, not a whisper: hold each note about two seconds, with a breath between.',
    rule: HELD,
  },
  {
    title: 'a loud “ah” on a low, a middle and a high note',
    how: 'As loud as is comfortable, without shouting or straining: hold each note about two seconds, with a breath between.',
    rule: HELD,
  },
];
