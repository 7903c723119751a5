import { parseError } from './errors';

/** Keeps bound-parameter counts far below SQLite's limit, so a huge list is a 400, not a 500. */
const MAX_LIST_ITEMS = 1000;

/**
 * Lexical helpers for PostgREST's query grammar: commas split lists except inside
 * parentheses, braces or double quotes; a double-quoted item escapes `"` and `\` with `\`.
 */
export function splitTopLevel(input: string, what: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') {
      depth--;
      if (depth < 0) throw parseError(what, `unexpected "${ch}"`);
    } else if (ch === ',' && depth === 0) {
      items.push(input.slice(start, i));
      start = i + 1;
    }
  }
  if (quoted || depth !== 0) throw parseError(what, 'unbalanced quotes or parentheses');
  items.push(input.slice(start));
  return items;
}

/** Removes surrounding double quotes and their backslash escapes; other text is returned as is. */
export function unquote(item: string): string {
  if (item.length < 2 || !item.startsWith('"') || !item.endsWith('"')) return item;
  return item.slice(1, -1).replace(/\\(.)/g, '$1');
}

/**
 * A list value: `(a,b)` for `in`, `{a,b}` for arrays, or a JSON array `["a","b"]`.
 * Elements may be double-quoted to carry commas; `{}` and `()` are empty lists.
 */
export function parseList(raw: string, what: string): string[] {
  const open = raw[0];
  const close = raw[raw.length - 1];
  if (open === '[') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.length <= MAX_LIST_ITEMS) {
        return parsed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
      }
    } catch {
      /* falls through to the parse error below */
    }
    throw parseError(what, 'expecting a list');
  }
  const pairs = open === '(' ? ')' : open === '{' ? '}' : null;
  if (!pairs || close !== pairs || raw.length < 2)
    throw parseError(what, 'expecting a list in parentheses or braces');
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') return [];
  const items = splitTopLevel(inner, what).map((v) => unquote(v));
  if (items.length > MAX_LIST_ITEMS) throw parseError(what, `more than ${MAX_LIST_ITEMS} list items`);
  return items;
}
