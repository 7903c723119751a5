import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { findPostgresBin, startPostgres } from './postgres.mjs';
import { scaledTimeout } from './lib/machine-speed.mjs';

const available = Boolean(findPostgresBin({ install: false, log: () => {} }));

describe.skipIf(!available)('the private PostgreSQL of the tests (scripts/postgres.mjs)', () => {
  it(
    'keeps serving while its parent blocks (npm test runs vitest with spawnSync) and the server logs a lot',
    async () => {
      const pg = await startPostgres({ log: () => {} });
      try {
        // Half a megabyte of server log while this process's event loop is blocked in spawnSync:
        // a log piped to this process would fill the pipe and hang every statement after it.
        const client = `
        const pg = require('pg');
        const c = new pg.Client({ connectionString: process.argv[1] });
        (async () => {
          await c.connect();
          await c.query("DO $$ BEGIN FOR i IN 1..4000 LOOP RAISE LOG 'filler %', repeat('x', 120); END LOOP; END $$");
          await c.query('CREATE DATABASE log_check');
          await c.query('DROP DATABASE log_check');
          await c.end();
        })().catch((e) => { console.error(e); process.exit(1); });`;
        const r = spawnSync(process.execPath, ['-e', client, pg.url], {
          timeout: scaledTimeout(60_000),
          encoding: 'utf8',
        });
        expect(r.error, 'the statements hung').toBeUndefined();
        expect(r.status, r.stderr).toBe(0);
      } finally {
        pg.stop();
      }
    },
    scaledTimeout(90_000),
  );
});
