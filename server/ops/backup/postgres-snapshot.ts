import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './manifest';

const run = promisify(execFile);

/** pg_dump and pg_restore come with Debian's postgresql-client; the error says how to get them. */
export async function requirePgTool(tool: 'pg_dump' | 'pg_restore'): Promise<void> {
  try {
    await run(tool, ['--version']);
  } catch {
    throw new BackupError(
      `${tool} is not installed. Install PostgreSQL's client tools (Debian/Ubuntu: sudo apt-get install -y postgresql-client) and run the command again.`,
    );
  }
}

/**
 * pg_dump of the whole database from one exported snapshot, with the rows per table, the
 * migrations and the storage objects read in that same snapshot: the manifest describes
 * exactly the dump, whatever is written meanwhile.
 */
export async function snapshotPostgres(
  url: string,
  target: string,
  options: { withoutKeys?: boolean } = {},
): Promise<{
  counts: Record<string, number>;
  migrations: number[];
  objects: { bucket: string; name: string }[];
  /** With `withoutKeys`: the project_keys row the dump leaves out (null when there is none). */
  keyRow?: Record<string, unknown> | null;
}> {
  await requirePgTool('pg_dump');
  const client = new pg.Client({ connectionString: url });
  // The connection waits idle while pg_dump runs: a restart of PostgreSQL meanwhile must fail
  // this backup (its next query rejects), not end the process that runs it (an unhandled
  // 'error' event; scheduled backups run inside the server).
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const tables = (
      await client.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
    ).rows;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      counts[name] = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted}`)).rows[0]!.n,
      );
    }
    const migrations = (
      await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    ).rows.map((r) => Number(r.version));
    const objects = (
      await client.query<{ bucket: string; name: string }>(
        'SELECT bucket, name FROM storage_objects ORDER BY bucket, name',
      )
    ).rows;
    // The signing keys (project_keys) are then left out of the dump, to be encrypted apart or
    // not kept at all; the table itself stays, empty.
    const keyRow = options.withoutKeys
      ? ((await client.query<Record<string, unknown>>('SELECT * FROM project_keys WHERE id = 1')).rows[0] ??
        null)
      : undefined;
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(options.withoutKeys ? ['--exclude-table-data=project_keys'] : []),
      `--snapshot=${snapshot}`,
      `--file=${target}`,
      url,
    ]);
    await client.query('COMMIT');
    return { counts, migrations, objects, keyRow };
  } finally {
    await client.end();
  }
}

/** Replaces the database's contents with a dump (every object of the dump is dropped first). */
export async function restorePostgres(url: string, dump: string): Promise<void> {
  await requirePgTool('pg_restore');
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    dump,
  ]);
}
