import type { Projection } from './compile';
import type { Row } from './repository';

/** Turns stored rows into response rows: JSON columns become real arrays, nulls optionally dropped. */
export function shapeRows(rows: readonly Row[], projection: Projection, stripNulls: boolean): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      const shaped =
        projection.jsonKeys.includes(key) && typeof value === 'string' ? parseJson(value) : value;
      if (stripNulls && shaped === null) continue;
      out[key] = shaped;
    }
    return out;
  });
}

/** Projects full stored rows (from INSERT … RETURNING *) onto the requested select list. */
export function projectRows(rows: readonly Row[], projection: Projection): Row[] {
  return rows.map((row) => Object.fromEntries(projection.items.map((i) => [i.alias, row[i.column] ?? null])));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // The migrations CHECK json_valid on these columns, so this is a corrupted row; show it raw.
    return text;
  }
}
