/** The end dialog opens with one of these 15 lines (spec core §4, step 5). */
export const ENCOURAGEMENTS = [
  'beautifully done. your voice showed up today.',
  'every breath you gave that session counts.',
  'you made space for your voice. that matters.',
  'notice how your voice feels right now.',
  'gentle practice, real progress.',
  'your voice thanks you for listening to it.',
  'that was a kind thing to do for yourself.',
  'small sounds, steady growth.',
  'you stayed with it. well done.',
  'let that calm carry into the rest of your day.',
  'each session tunes you a little more to yourself.',
  'you are finding your sound, one session at a time.',
  'what a lovely moment of practice.',
  'take a breath and enjoy what you just did.',
  'your voice is stronger for the time you gave it.',
] as const;

/** A random line; `random` is injectable so tests can pin the pick. */
export function pickEncouragement(random: () => number = Math.random): string {
  const i = Math.min(ENCOURAGEMENTS.length - 1, Math.max(0, Math.floor(random() * ENCOURAGEMENTS.length)));
  return ENCOURAGEMENTS[i] ?? ENCOURAGEMENTS[0];
}
