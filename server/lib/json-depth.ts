/**
 * No request body we accept nests deeper than this. JSON.parse copes with very deep input, but
 * the recursive code after it (zod, JSON.stringify, SQLite's json functions) overflows the
 * stack: 100,000 nested arrays used to be a 500. Measured on the raw text, before parsing.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of arrays/objects in JSON text (strings and their escapes skipped). */
export function jsonDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
      continue;
    }
    if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return max;
}

export function tooDeep(text: string): boolean {
  return jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH;
}
