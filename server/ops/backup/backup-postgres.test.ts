import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { migrateSql } from '../../db/migrate-sql';
import { freshPostgres, PG_SKIP_REASON, PG_URL, type TestDatabase } from '../../db/sql/test-backends';
import { loadSharedKeys } from '../../boot/shared-keys';
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

  it('keep the signing keys out of the dump: encrypted with BACKUP_PASSPHRASE, or left out and the current ones kept', async () => {
    const [from, to] = [await freshPostgres(), await freshPostgres()];
    opened.push(from, to);
    await migrateSql(from.sql);
    await migrateSql(to.sql);
    const keysFrom = await loadSharedKeys(from.sql, '/nonexistent');
    const keysTo = await loadSharedKeys(to.sql, '/nonexistent');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-pg-keys-'));
    const passphrase = 'a passphrase kept off the server';
    try {
      const sealed = path.join(dataDir, 'sealed.tar.gz');
      const made = await createBackup(
        testConfig({ dataDir, databaseUrl: from.location, backupPassphrase: passphrase }),
        sealed,
      );
      expect(made.manifest).toMatchObject({ keys: 'encrypted', seal: { kdf: 'scrypt' } });
      expect(made.manifest.files.map((f) => f.path)).toEqual(['keys.json.enc', 'postgres.dump']);
      // The secret is in neither the dump nor anywhere else in the archive.
      expect(zlib.gunzipSync(fs.readFileSync(sealed)).includes(keysFrom.jwtSecret)).toBe(false);
      const restored = await restoreBackup(
        testConfig({ dataDir, databaseUrl: to.location, backupPassphrase: passphrase }),
        sealed,
      );
      expect(restored).toMatchObject({ integrity: 'verified', keys: 'restored' });
      expect((await loadSharedKeys(to.sql, '/nonexistent')).jwtSecret).toBe(keysFrom.jwtSecret);

      const other = await freshPostgres();
      opened.push(other);
      await migrateSql(other.sql);
      const otherKeys = await loadSharedKeys(other.sql, '/nonexistent');
      const bare = path.join(dataDir, 'no-keys.tar.gz');
      const left = await createBackup(testConfig({ dataDir, databaseUrl: from.location }), bare, new Date(), {
        withoutKeys: true,
      });
      expect(left.manifest.keys).toBe('left-out');
      const kept = await restoreBackup(testConfig({ dataDir, databaseUrl: other.location }), bare);
      expect(kept).toMatchObject({ integrity: 'unverified', keys: 'kept' });
      expect((await loadSharedKeys(other.sql, '/nonexistent')).jwtSecret).toBe(otherKeys.jwtSecret);
      expect(keysTo.jwtSecret).not.toBe(otherKeys.jwtSecret);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
