import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { migrateSql } from '../../db/migrate-sql';
import { freshPostgres, PG_SKIP_REASON, PG_URL, type TestDatabase } from '../../db/sql/test-backends';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.drop();
});

describe.skipIf(!PG_URL)(`backups with DATABASE_URL${PG_URL ? '' : ` (skipped: ${PG_SKIP_REASON})`}`, () => {
  it('dump the database with pg_dump from one snapshot and restore it into another, keeping the old aside', async () => {
    const [from, to] = [await freshPostgres(), await freshPostgres()];
    opened.push(from, to);
    await migrateSql(from.sql);
    await migrateSql(to.sql);
    await from.sql.run(
      "INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ('u1', 'pg@example.com', 'x', 'now', 'now')",
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-pg-backup-'));
    try {
      const archive = path.join(dataDir, 'pg.tar.gz');
      const { manifest } = await createBackup(testConfig({ dataDir, databaseUrl: from.location }), archive);
      expect(manifest.database).toBe('postgres');
      expect(manifest.counts.users).toBe(1);
      expect(manifest.files.map((f) => f.path)).toEqual(['postgres.dump']);

      const restored = await restoreBackup(testConfig({ dataDir, databaseUrl: to.location }), archive);
      expect(restored.counts.users).toBe(1);
      expect(await to.sql.get('SELECT email FROM users')).toEqual({ email: 'pg@example.com' });
      expect(fs.existsSync(path.join(restored.asideDir!, 'postgres.dump'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
