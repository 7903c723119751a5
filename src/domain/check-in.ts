/**
 * The daily check-in (tier feature `daily_check_in`, level 1; docs/features/check-in-and-emotions.md):
 * once a local day, a few taps on how the voice feels, the member's energy and mood, and an
 * optional note. The answers and the suggestion rule live here, shared by the server (which
 * accepts only these values) and the app (which words the suggestion, online and offline alike).
 */

/** How the voice feels, from best to worst. The order is the strip's scale too. */
export const VOICE_FEELS = ['clear', 'fine', 'tired', 'strained', 'hoarse'] as const;
export type VoiceFeel = (typeof VOICE_FEELS)[number];

export const ENERGY_LEVELS = ['low', 'steady', 'high'] as const;
export type EnergyLevel = (typeof ENERGY_LEVELS)[number];

export const MOODS = ['low', 'okay', 'good'] as const;
export type Mood = (typeof MOODS)[number];

/** The words on the buttons and in the strip. */
export const VOICE_FEEL_LABELS: Record<VoiceFeel, string> = {
  clear: 'rested and clear',
  fine: 'fine',
  tired: 'tired',
  strained: 'strained',
  hoarse: 'hoarse or sore',
};
export const ENERGY_LABELS: Record<EnergyLevel, string> = { low: 'low', steady: 'steady', high: 'high' };
export const MOOD_LABELS: Record<Mood, string> = { low: 'low', okay: 'okay', good: 'good' };

/** A short note, not a diary: one or two sentences. */
export const CHECK_IN_NOTE_MAX = 280;

/** How many days the strip shows, today included. */
export const CHECK_IN_DAYS = 30;

export interface CheckInAnswers {
  voice: VoiceFeel;
  energy: EnergyLevel;
  mood: Mood;
}

/**
 * What the suggestion points at: `rest` (the listening room, no voice needed), `gentle` (a
 * quiet healing session), `short` (a few minutes) or `recommended` (today's recommendation).
 */
export type SuggestionKind = 'rest' | 'gentle' | 'short' | 'recommended';

export interface Suggestion {
  kind: SuggestionKind;
  /** One line, the headline of the card. */
  title: string;
  /** One or two sentences in plain words. */
  text: string;
  /** Said whenever the voice is hoarse or sore; null otherwise. */
  doctor: string | null;
}

/** Days with a hoarse or sore voice, out of the last two weeks, that call for the stronger words. */
export const HOARSE_DAYS_OF_CONCERN = 10;

export const DOCTOR_NOTE =
  'A hoarse voice for more than two weeks is worth showing to a doctor (your GP or an ear, nose and throat clinic).';

/**
 * Today's suggestion from today's answers. `hoarseDays` counts the days of the last 14 (today
 * included) whose check-in said hoarse or sore: most of a fortnight hoarse turns the doctor's
 * line from general advice into a direct one. The voice decides first (a strained voice is not
 * asked to do more because the member feels energetic); low energy or mood shortens the day.
 */
export function checkInSuggestion(a: CheckInAnswers, hoarseDays = 0): Suggestion {
  if (a.voice === 'hoarse') {
    return {
      kind: 'rest',
      title: 'rest your voice today',
      text: 'Sip water, speak softly rather than whisper, and skip singing. If you would like some calm, the music in the listening room needs no voice.',
      doctor:
        hoarseDays >= HOARSE_DAYS_OF_CONCERN
          ? `You noted a hoarse or sore voice on ${hoarseDays} of the last 14 days. Please show it to a doctor.`
          : DOCTOR_NOTE,
    };
  }
  if (a.voice === 'strained') {
    return {
      kind: 'gentle',
      title: 'go gently today',
      text: 'A short, quiet session of humming or breathing, with water beside you, or a day of voice rest. Stop if anything hurts.',
      doctor: null,
    };
  }
  if (a.voice === 'tired' || a.energy === 'low') {
    return {
      kind: 'short',
      title: 'something short today',
      text:
        a.voice === 'tired'
          ? 'A tired voice does best with a few easy minutes: warm it gently and stop while it still feels good.'
          : 'With little energy, a few easy minutes are plenty: they still count for your voice.',
      doctor: null,
    };
  }
  return {
    kind: 'recommended',
    title: a.voice === 'clear' ? 'a good day to practise' : 'practise as you planned',
    text:
      a.mood === 'low'
        ? "Your voice is ready. Be kind to yourself today: today's recommendation is a good place to start."
        : "Your voice is ready for today's recommendation.",
    doctor: null,
  };
}

/** True for the answers the strip marks as needing care (strained, hoarse or sore). */
export const needsCare = (voice: VoiceFeel): boolean => voice === 'strained' || voice === 'hoarse';
