import { PgrstError } from './errors';
import { quoteIdent, type TableDef } from './tables';

/**
 * `Prefer: resolution=…` on POST /rest/v1/<table> (reference §3.1: supabase-js `upsert`).
 * Only `ignore-duplicates` on a table that declares the unique key (`ignoreDuplicatesOn`) is
 * served: the player's private reflection, queued offline with a client-made `client_key`, is
 * sent again after a lost answer and must not make a second row (issue 13). The insert then runs
 * `ON CONFLICT (<key>) DO NOTHING`, which is atomic in SQLite and PostgreSQL alike, so two
 * processes replaying one key still store one row. `merge-duplicates` would let a client rewrite
 * an append-only row, so it stays refused (405), as does any resolution on other tables.
 *
 * Returns the conflict columns, or null for a plain insert (no resolution asked, or no
 * `on_conflict`: PostgREST then uses the primary key, which clients never send here).
 */
export function ignoreDuplicatesTarget(
  table: TableDef,
  prefer: string | undefined,
  url: string,
): string[] | null {
  const resolution = (prefer ?? '')
    .split(',')
    .map((p) => p.trim().split('='))
    .find(([k]) => k?.trim() === 'resolution')?.[1]
    ?.trim();
  if (resolution === undefined) return null;
  if (resolution !== 'ignore-duplicates' || !table.ignoreDuplicatesOn) {
    throw new PgrstError(405, 'PGRST100', 'Upsert is not supported on this table');
  }
  const raw = new URL(url).searchParams.get('on_conflict');
  if (raw === null) return null;
  const named = raw.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const key = table.ignoreDuplicatesOn;
  const same = named.length === key.length && key.every((c) => named.includes(c));
  if (!same) {
    throw new PgrstError(
      400,
      '42P10',
      'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      null,
      `on_conflict must name ${key.join(',')}.`,
    );
  }
  return [...key];
}

/** `ON CONFLICT (…) DO NOTHING` for an insert that skips duplicates of that unique key. */
export function conflictClause(onConflict: readonly string[] | null | undefined): string {
  return onConflict?.length ? ` ON CONFLICT (${onConflict.map(quoteIdent).join(', ')}) DO NOTHING` : '';
}
