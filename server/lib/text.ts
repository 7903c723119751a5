import { z } from 'zod';

/**
 * Control characters in member text (issue 20): a NUL used to reach the database (SQLite's
 * length() stops at it, a CHECK failed: a 500) and the others have no place in anything a
 * person reads. C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F) are refused; multi-line
 * text keeps line feed and tab. A carriage return is refused too: browsers hand a textarea's
 * value over with bare line feeds.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_BAD = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above, less tab (U+0009) and line feed (U+000A)
const MULTI_LINE_BAD = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const CONTROL_MESSAGE = 'must not contain control characters';

export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(value);
}

/** One line of text (a name, a title): no control character at all. */
export const lineText = () => z.string().refine((v) => !hasControlChars(v), CONTROL_MESSAGE);

/** Text a member may write over several lines (a reflection, notes): line feeds and tabs allowed. */
export const multilineText = () => z.string().refine((v) => !hasControlChars(v, true), CONTROL_MESSAGE);

/**
 * The first string in a JSON value (keys included) with a control character that no text may
 * hold (`multiline`: line feed and tab allowed; keys never), as a field path such as
 * `items.2.note`; null when there is none. The backstop behind
 * the field schemas: it holds for every field of every body, whatever its schema says.
 */
export function controlCharPath(value: unknown, multiline = true, path: string[] = []): string | null {
  if (typeof value === 'string') return hasControlChars(value, multiline) ? path.join('.') || 'body' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (hasControlChars(k)) return [...path, k].join('.');
    const found = controlCharPath(v, multiline, [...path, k]);
    if (found !== null) return found;
  }
  return null;
}
