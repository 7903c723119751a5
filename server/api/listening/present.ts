import type { SessionRow } from './repository';

const LIST_COLUMNS = ['category', 'moods', 'intentions', 'musicians'] as const;

/** A sessions row as /rest/v1 returns it: list columns as JSON arrays, so both sources look alike. */
export function presentSession(row: SessionRow): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const col of LIST_COLUMNS) {
    try {
      out[col] = JSON.parse(row[col]);
    } catch {
      out[col] = [];
    }
  }
  return out;
}
