import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { prepareData } from '../../boot/prepare';
import { testConfig, type Config } from '../../config';
import { databaseFile } from '../../db/open';
import { createLogger } from '../../lib/logger';
import { loadCatalogue } from '../../seed/catalogue';
import { createTestApp, NoWebSocket, TEST_ORIGIN, type TestApp } from '../../test-support';
import { createClient } from '@supabase/supabase-js';
import { serverTestBackend } from '../../db/sql/test-backends';
import { createBackup } from './backup';
import { holdServerLock, releaseServerLock } from './in-use';
import { MANIFEST, sha256, type BackupManifest } from './manifest';
import { restoreBackup } from './restore';
import { integrityCheck } from './sqlite-snapshot';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { runProcess, START_MS } from '../../../scripts/lib/test-processes';

const PASSWORD = 'a long enough password 7';
const EMAIL = 'backup-member@example.com';
const MOOD = { moodScore: 6, stressLevel: 4, anxietyLevel: 3, energyLevel: 7, emotions: [] };

let t: TestApp;
let work: string;
let archive: string;
let manifest: BackupManifest;
let ackedBeforeBackup: number[];
let ackedDuringBackup: number;
const DEMO_PATH = loadCatalogue().sessions[0]!.instr_path;
const UPLOAD_PATH = 'member-uploads/warm-up.mp3';

const freshConfig = (): Config => testConfig({ dataDir: fs.mkdtempSync(path.join(work, 'data-')) });

/** Puts a file and its storage_objects row in the `audio` bucket of the test app. */
async function storeObject(name: string, body: string) {
  const file = path.join(t.deps.config.storageDir, 'audio', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  await t.deps.sql.run(
    `INSERT INTO storage_objects (id, bucket, name, mimetype, size, etag, cache_control, created_at, updated_at)
     VALUES (?, 'audio', ?, 'audio/mpeg', ?, '"x"', 'max-age=60', 'now', 'now')`,
    [crypto.randomUUID(), name, body.length],
  );
}

// SQLite's DATA_DIR path; the PostgreSQL one (pg_dump, pg_restore) is backup-postgres.test.ts.
describe.skipIf(serverTestBackend() === 'postgres')('backups of a SQLite installation', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-backup-'));
    t = await createTestApp({ autoConfirm: true });
    const { data } = await t.supabase().auth.signUp({ email: EMAIL, password: PASSWORD });
    const headers = {
      Authorization: `Bearer ${data.session!.access_token}`,
      'Content-Type': 'application/json',
    };
    await storeObject(DEMO_PATH, 'demo audio, rendered again on a restored install');
    await storeObject(UPLOAD_PATH, 'an upload only the backup has');

    // Two writers keep saving mood entries through the API until told to stop; an entry is
    // acknowledged when its 201 has arrived.
    const acked: number[] = [];
    let stop = false;
    const writer = async () => {
      while (!stop) {
        // Each request arrives as its own event, as from a socket (the in-process app answers
        // in microtasks, so without this the writers would never let the backup run).
        await new Promise((r) => setImmediate(r));
        const res = await t.fetch('/api/mood-tracking', {
          method: 'POST',
          headers,
          body: JSON.stringify(MOOD),
        });
        if (res.status !== 201) throw new Error(`mood entry refused: ${res.status} ${await res.text()}`);
        acked.push(((await res.json()) as { id: number }).id);
      }
    };
    const writers = [writer(), writer()];
    while (acked.length < 40) await new Promise((r) => setTimeout(r, 5));
    ackedBeforeBackup = [...acked];
    archive = path.join(work, 'backups', 'under-load.tar.gz');
    ({ manifest } = await createBackup(t.deps.config, archive));
    ackedDuringBackup = acked.length - ackedBeforeBackup.length;
    stop = true;
    await Promise.all(writers);
  }, scaledTimeout(60_000));

  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  function moodIds(dataDir: string): number[] {
    const db = new Database(databaseFile(dataDir), { readonly: true });
    const ids = (db.prepare('SELECT id FROM mood_entries').all() as { id: number }[]).map((r) => r.id);
    db.close();
    return ids;
  }

  describe('npm run backup', () => {
    it('keeps every write acknowledged before it started, taken while writes go on', async () => {
      expect(ackedDuringBackup, 'writes went on during the backup').toBeGreaterThan(0);
      const target = freshConfig();
      const restored = await restoreBackup(target, archive);
      expect(moodIds(target.dataDir)).toEqual(expect.arrayContaining(ackedBeforeBackup));
      expect(integrityCheck(databaseFile(target.dataDir))).toBe('ok');
      expect(restored.counts.mood_entries).toBe(manifest.counts.mood_entries);
      expect(manifest.counts.mood_entries).toBeGreaterThanOrEqual(ackedBeforeBackup.length);
    });

    it('holds a manifest of the schema, the rows per table and a checksum of every file', async () => {
      const dir = fs.mkdtempSync(path.join(work, 'unpacked-'));
      await tar.x({ file: archive, cwd: dir });
      const inside = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
      expect(inside).toEqual(manifest);
      expect(inside.database).toBe('sqlite');
      expect(inside.migrations.length).toBeGreaterThan(10);
      for (const f of inside.files) expect(await sha256(path.join(dir, f.path)), f.path).toBe(f.sha256);
      // The member's upload is archived; the demo catalogue's audio is rendered again instead.
      expect(inside.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(['app.db', 'keys.json', `storage/audio/${UPLOAD_PATH}`]),
      );
      expect(inside.files.map((f) => f.path)).not.toContain(`storage/audio/${DEMO_PATH}`);
    });
  });

  describe('npm run restore', () => {
    it('restores into a fresh folder where the member signs in and finds their entries', async () => {
      const config = freshConfig();
      await restoreBackup(config, archive);
      expect(fs.readFileSync(path.join(config.storageDir, 'audio', UPLOAD_PATH), 'utf8')).toBe(
        'an upload only the backup has',
      );
      const logger = createLogger('silent');
      const { sql, keys } = await prepareData({ ...config, publicUrl: TEST_ORIGIN }, logger);
      try {
        const app = createApp({ config, sql, keys, logger, now: () => Date.now() });
        const fetchIn = (input: string | URL | Request, init?: RequestInit) =>
          Promise.resolve(
            app.fetch(
              input instanceof Request ? input : new Request(new URL(String(input), TEST_ORIGIN), init),
            ),
          );
        const client = createClient(TEST_ORIGIN, keys.anonKey, {
          global: { fetch: fetchIn as typeof fetch },
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: { transport: NoWebSocket as never },
        });
        const { data, error } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
        expect(error).toBeNull();
        const res = await fetchIn('/api/mood-tracking?days=1', {
          headers: { Authorization: `Bearer ${data.session!.access_token}` },
        });
        expect(res.status).toBe(200);
        expect(((await res.json()) as unknown[]).length).toBe(manifest.counts.mood_entries);
      } finally {
        await sql.close();
      }
    });

    it('keeps the database that was there aside', async () => {
      const config = freshConfig();
      await restoreBackup(config, archive);
      const second = await restoreBackup(config, archive, new Date('2030-01-01T00:00:00Z'));
      expect(second.asideDir).toBe(path.join(config.dataDir, 'before-restore-2030-01-01T00-00-00-000Z'));
      expect(integrityCheck(path.join(second.asideDir!, 'app.db'))).toBe('ok');
      expect(fs.existsSync(path.join(second.asideDir!, 'keys.json'))).toBe(true);
    });

    it("refuses while a server holds the data folder's lock, and changes nothing", async () => {
      const config = freshConfig();
      // What a serving process does at start (prepareData); server processes: lock.test.ts.
      holdServerLock(config.dataDir);
      try {
        await expect(restoreBackup(config, archive)).rejects.toThrow(
          `A server is using ${config.dataDir} (it holds ${config.dataDir}/server.lock).`,
        );
        expect(fs.existsSync(databaseFile(config.dataDir))).toBe(false);
      } finally {
        releaseServerLock(config.dataDir);
      }
      await restoreBackup(config, archive);
      expect(fs.existsSync(databaseFile(config.dataDir))).toBe(true);
    });

    async function repack(edit: (dir: string, m: BackupManifest) => void): Promise<string> {
      const dir = fs.mkdtempSync(path.join(work, 'edit-'));
      await tar.x({ file: archive, cwd: dir });
      const m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
      edit(dir, m);
      const out = path.join(work, `${path.basename(dir)}.tar.gz`);
      await tar.c({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
      return out;
    }

    it('refuses a damaged archive (a checksum that does not match) and changes nothing', async () => {
      const damaged = await repack((dir) => fs.appendFileSync(path.join(dir, 'keys.json'), ' '));
      const config = freshConfig();
      await expect(restoreBackup(config, damaged)).rejects.toThrow(/damaged: the checksum of keys.json/);
      // Nothing but the lock file the restore took (never deleted: a server may be opening it).
      expect(fs.readdirSync(config.dataDir)).toEqual(['server.lock']);
    });

    it('refuses a backup made by a newer version, naming the unknown migrations', async () => {
      const newer = await repack((dir, m) =>
        fs.writeFileSync(
          path.join(dir, MANIFEST),
          JSON.stringify({ ...m, migrations: [...m.migrations, 9999] }),
        ),
      );
      const config = freshConfig();
      await expect(restoreBackup(config, newer)).rejects.toThrow(
        /made by a newer version of Tuneful \(migrations 9999/,
      );
      // Nothing but the lock file the restore took (never deleted: a server may be opening it).
      expect(fs.readdirSync(config.dataDir)).toEqual(['server.lock']);
    });

    it(
      'runs from npm with clear words: a backup prints its counts, a missing file exits 1',
      async () => {
        const cli = ['--import', 'tsx', path.resolve('server/ops/backup/cli.ts')];
        const env = { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: '' };
        const out = path.join(work, 'cli.tar.gz');
        const backup = await runProcess(process.execPath, [...cli, 'backup', out], { env });
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/^Backup written to .*cli\.tar\.gz in \d+ ms/);
        expect(backup.stdout).toMatch(/mood_entries\s+\d+/);
        const missing = await runProcess(
          process.execPath,
          [...cli, 'restore', path.join(work, 'nope.tar.gz')],
          {
            env: { ...env, DATA_DIR: freshConfig().dataDir },
          },
        );
        expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('There is no backup at') });
      },
      scaledTimeout(2 * START_MS + 30_000),
    );
  });
});
