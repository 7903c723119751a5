import { PgrstError } from './errors';

/** SQLite refuses LIKE/GLOB patterns over 50,000 bytes with an error; refuse long ones first. */
const MAX_PATTERN = 2000;

function checkLength(pattern: string): void {
  if (pattern.length > MAX_PATTERN) {
    throw new PgrstError(400, '54000', `pattern longer than ${MAX_PATTERN} characters`);
  }
}

const endsWithEscape = () => new PgrstError(400, '22025', 'LIKE pattern must not end with escape character');

/**
 * PostgreSQL ILIKE pattern (with PostgREST's `*` alias for `%`) as a SQLite `LIKE … ESCAPE '\'`
 * pattern. SQLite's LIKE is case-insensitive for ASCII, which is what ILIKE needs.
 */
export function toIlikePattern(pattern: string): string {
  checkLength(pattern);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw endsWithEscape();
      out += `\\${next}`;
      i++;
    } else out += ch === '*' ? '%' : ch;
  }
  return out;
}

/**
 * PostgreSQL LIKE pattern as a SQLite GLOB pattern, because GLOB is case-sensitive as LIKE
 * must be (SQLite's own LIKE is not, unless a connection-wide pragma is flipped).
 */
export function toGlobPattern(pattern: string): string {
  checkLength(pattern);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] as string;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw endsWithEscape();
      out += literalGlob(next);
      i++;
    } else if (ch === '%' || ch === '*') out += '*';
    else if (ch === '_') out += '?';
    else out += literalGlob(ch);
  }
  return out;
}

const literalGlob = (ch: string) => (ch === '*' || ch === '?' || ch === '[' ? `[${ch}]` : ch);
