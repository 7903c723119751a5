import { readMigrations } from './migrate';
import { migrateSql, SQLITE_MIGRATIONS_DIR } from './migrate-sql';
import type { DB } from './open';
import { INTERNAL_TABLES } from './schema-introspect';
import { quoteIdent } from '../rest/tables';
import type { SqlDatabase, SqlExecutor } from './sql';

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** A copy that must not run (or did not match); the message says why and what to do. */
export class CopyError extends Error {}

/** PostgreSQL caps one statement at 65,535 parameters; stay well below. */
const MAX_PARAMS = 30_000;

/**
 * The app tables of the SQLite file, parents before children (foreign keys), so every row's
 * references exist when it is inserted. Self-references are left to row order (by rowid).
 */
export function tablesInDependencyOrder(db: DB): string[] {
  const tables = (
    db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all() as {
      name: string;
    }[]
  )
    .map((r) => r.name)
    .filter((n) => !INTERNAL_TABLES.has(n));
  const parents = new Map(
    tables.map((t) => [
      t,
      new Set(
        (db.prepare(`PRAGMA foreign_key_list(${quoteIdent(t)})`).all() as { table: string }[])
          .map((fk) => fk.table)
          .filter((p) => p !== t),
      ),
    ]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t)) return;
    if (visiting.has(t))
      throw new CopyError(`Foreign keys form a cycle through ${t}; cannot order the copy.`);
    visiting.add(t);
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p);
    visiting.delete(t);
    ordered.push(t);
  };
  tables.forEach(visit);
  return ordered;
}

/**
 * Insertion order: rowid (creation order, so a parent row of a self-reference comes first);
 * a WITHOUT ROWID table has none, so its primary key.
 */
function rowOrder(db: DB, table: string): string {
  const ddl = (db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').get(table) as { sql: string }).sql;
  if (!/WITHOUT\s+ROWID\s*$/i.test(ddl)) return 'rowid';
  const pk = (db.prepare(`PRAGMA table_info(${quoteIdent(table)})`).all() as { name: string; pk: number }[])
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk);
  return pk.map((c) => quoteIdent(c.name)).join(', ');
}

async function count(sql: SqlExecutor, table: string): Promise<number> {
  return (await sql.get<{ n: number }>(`SELECT count(*) AS n FROM ${quoteIdent(table)}`))?.n ?? 0;
}

/**
 * Copies every app table of a SQLite database into PostgreSQL (issue 14's migration path):
 * applies the PostgreSQL migrations, refuses a target that already has rows unless `force`
 * (which empties it first), copies in dependency order inside ONE PostgreSQL transaction,
 * moves each identity sequence past the highest id, and compares row counts per table before
 * committing — any difference rolls everything back. The SQLite side is read in one read
 * transaction, so a server still writing to it cannot make the snapshot inconsistent.
 */
export async function copySqliteToPostgres(
  source: DB,
  target: SqlDatabase,
  options: { force?: boolean } = {},
): Promise<TableCount[]> {
  if (target.dialect !== 'postgres')
    throw new CopyError('The target must be a PostgreSQL database (DATABASE_URL).');
  const expected = readMigrations(SQLITE_MIGRATIONS_DIR).map((m) => m.version);
  const have = new Set(
    (source.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map(
      (r) => r.version,
    ),
  );
  const missing = expected.filter((v) => !have.has(v));
  if (missing.length) {
    throw new CopyError(
      `app.db lacks migrations ${missing.join(', ')}: start this version of the server on it once (it migrates at start), stop it, then copy.`,
    );
  }
  await migrateSql(target);
  const tables = tablesInDependencyOrder(source);

  source.exec('BEGIN'); // a read snapshot of the SQLite file for the whole copy
  try {
    return await target.transaction(async (tx) => {
      const filled: string[] = [];
      for (const t of tables) if ((await count(tx, t)) > 0) filled.push(t);
      if (filled.length && !options.force) {
        throw new CopyError(
          `The PostgreSQL database already has rows in ${filled.join(', ')}. Copy into an empty database, or pass --force to replace its contents.`,
        );
      }
      if (filled.length)
        await tx.exec(`TRUNCATE ${tables.map(quoteIdent).join(', ')} RESTART IDENTITY CASCADE`);

      const identity = new Set(
        (
          await tx.all<{ t: string; c: string }>(
            "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'",
          )
        ).map((r) => `${r.t}.${r.c}`),
      );
      const counts: TableCount[] = [];
      for (const t of tables) {
        const columns = (
          source.prepare(`PRAGMA table_info(${quoteIdent(t)})`).all() as { name: string }[]
        ).map((c) => c.name);
        const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
        const head = `INSERT INTO ${quoteIdent(t)} (${columns.map(quoteIdent).join(', ')}) VALUES `;
        const tuple = `(${columns.map(() => '?').join(', ')})`;
        let batch: unknown[][] = [];
        const flush = async () => {
          if (!batch.length) return;
          await tx.run(head + batch.map(() => tuple).join(', '), batch.flat() as never[]);
          batch = [];
        };
        const rows = source
          .prepare(`SELECT * FROM ${quoteIdent(t)} ORDER BY ${rowOrder(source, t)}`)
          .raw()
          .iterate() as Iterable<unknown[]>;
        for (const row of rows) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        for (const c of columns) {
          if (!identity.has(`${t}.${c}`)) continue;
          // The next generated id follows the copied ones (is_called = false: max + 1 comes next).
          await tx.get(
            `SELECT setval(pg_get_serial_sequence(?, ?), coalesce((SELECT max(${quoteIdent(c)}) FROM ${quoteIdent(t)}), 0) + 1, false)`,
            [t, c],
          );
        }
        const sourceCount = (
          source.prepare(`SELECT count(*) AS n FROM ${quoteIdent(t)}`).get() as { n: number }
        ).n;
        counts.push({ table: t, source: sourceCount, target: await count(tx, t) });
      }
      const wrong = counts.filter((c) => c.source !== c.target);
      if (wrong.length) {
        throw new CopyError(
          `Row counts differ after the copy (nothing was kept): ${wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(', ')}`,
        );
      }
      return counts;
    });
  } finally {
    source.exec('COMMIT');
  }
}
