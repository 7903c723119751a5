// npm run db:copy -- --from sqlite --to postgres [--force]
// Copies DATA_DIR/app.db into the PostgreSQL database of DATABASE_URL (see README, "PostgreSQL").
import path from 'node:path';
import { copySqliteToPostgres, CopyError } from './copy';
import { databaseFile, openDatabase } from './open';
import { isPostgresUrl, postgresDatabase } from './sql';

const USAGE = 'Usage: DATABASE_URL=postgres://… npm run db:copy -- --from sqlite --to postgres [--force]';

async function main(argv: string[]): Promise<number> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const unknown = argv.filter((a) => a.startsWith('--') && !['--from', '--to', '--force'].includes(a));
  if (arg('--from') !== 'sqlite' || arg('--to') !== 'postgres' || unknown.length) {
    console.error(`Only --from sqlite --to postgres is supported.\n${USAGE}`);
    return 2;
  }
  const url = process.env.DATABASE_URL;
  if (!isPostgresUrl(url)) {
    console.error(`DATABASE_URL must be a postgres:// URL (the target).\n${USAGE}`);
    return 2;
  }
  const file = databaseFile(path.resolve(process.env.DATA_DIR || './data'));
  // Not read-only: openDatabase proves the file healthy with a rolled-back write, and a
  // running server may share it (WAL); the copy itself only reads, in one snapshot.
  const source = openDatabase(file, { fileMustExist: true });
  const target = postgresDatabase(url, { max: 1 });
  const shown = new URL(url);
  shown.password = shown.password ? '***' : '';
  console.log(`Copying ${file} → ${shown.toString()}`);
  const started = Date.now();
  try {
    const counts = await copySqliteToPostgres(source, target, { force: argv.includes('--force') });
    const width = Math.max(...counts.map((c) => c.table.length));
    for (const c of counts)
      console.log(`  ${c.table.padEnd(width)}  ${String(c.target).padStart(8)} rows  ok`);
    const total = counts.reduce((n, c) => n + c.target, 0);
    console.log(
      `Copied ${total} rows in ${counts.length} tables in ${((Date.now() - started) / 1000).toFixed(1)} s; every count matches.`,
    );
    return 0;
  } catch (err) {
    console.error(
      err instanceof CopyError
        ? err.message
        : `The copy failed and nothing was kept: ${(err as Error).message}`,
    );
    return 1;
  } finally {
    source.close();
    await target.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
