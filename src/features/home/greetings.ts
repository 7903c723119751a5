/** Spec core §9: the greeting rotates every 6 hours through 13 lines. */
export const GREETING_PERIOD_MS = 6 * 60 * 60 * 1000;

export const GREETINGS = [
  'welcome back, {name}',
  'good to hear you, {name}',
  'ready to tune in, {name}?',
  'your voice missed you, {name}',
  'take a breath, {name}, you are here',
  'hello again, {name}',
  "let's find your sound, {name}",
  'a gentle hum to start, {name}?',
  'your voice is welcome here, {name}',
  'one easy breath at a time, {name}',
  'so glad you came back, {name}',
  "let's play with your voice, {name}",
  'tune in to yourself, {name}',
] as const;

/**
 * The line for a moment: the same for everyone in the same 6-hour window (counted from the
 * Unix epoch), with the member's first name or 'friend'.
 */
export function greetingFor(nowMs: number, firstName: string | null | undefined): string {
  const window = Math.floor(nowMs / GREETING_PERIOD_MS);
  const index = ((window % GREETINGS.length) + GREETINGS.length) % GREETINGS.length;
  const name = firstName?.trim() || 'friend';
  return (GREETINGS[index] ?? GREETINGS[0]).replace('{name}', name);
}
