import { openDatabase } from '../open';
import { postgresDatabase } from './postgres';
import { sqliteDatabase } from './sqlite';
import type { SqlDatabase } from './types';

export { constraintKind, toPgPlaceholders } from './portable';
export { postgresDatabase } from './postgres';
export { sqliteDatabase } from './sqlite';
export type * from './types';

/** True for the URLs that select PostgreSQL (DATABASE_URL); anything else means SQLite. */
export const isPostgresUrl = (url: string | undefined): url is string =>
  Boolean(url && /^postgres(ql)?:\/\//.test(url));

/** DATABASE_URL=postgres://… selects PostgreSQL; unset, the SQLite file (DATA_DIR/app.db). */
export function openSql(options: { databaseUrl?: string; sqliteFile: string }): SqlDatabase {
  if (isPostgresUrl(options.databaseUrl)) return postgresDatabase(options.databaseUrl);
  return sqliteDatabase(openDatabase(options.sqliteFile));
}
