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
export function greetingFor(nowMs: number, firstName: string | null | undefined, newMember = false): string {
  const window = Math.floor(nowMs / GREETING_PERIOD_MS);
  const index = ((window % GREETINGS.length) + GREETINGS.length) % GREETINGS.length;
  const name = firstName?.trim() || 'friend';
  const line = GREETINGS[index] ?? GREETINGS[0];
  // Issue 8: "so glad you came back" to someone who just arrived rings false.
  const fitting = newMember && RETURNING_LINES.has(line) ? FIRST_DAY_GREETING : line;
  return fitting.replace('{name}', name);
}

/** The lines that assume the member has been here before. */
const RETURNING_LINES: ReadonlySet<string> = new Set([
  'welcome back, {name}',
  'your voice missed you, {name}',
  'hello again, {name}',
  'so glad you came back, {name}',
]);

export const FIRST_DAY_GREETING = 'welcome to Tuneful, {name}';

/** A member counts as new on the first day after creating the account. */
export const NEW_MEMBER_MS = 24 * 60 * 60 * 1000;

export function isNewMember(createdAtIso: string | null | undefined, nowMs: number): boolean {
  const created = createdAtIso ? Date.parse(createdAtIso) : Number.NaN;
  return Number.isFinite(created) && nowMs - created < NEW_MEMBER_MS;
}
