import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as tar from 'tar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareData } from '../../boot/prepare';
import { testConfig, type Config } from '../../config';
import { serverTestBackend } from '../../db/sql/test-backends';
import { createLogger } from '../../lib/logger';
import { createBackup, defaultBackupFile } from './backup';
import { releaseServerLock } from './in-use';
import { MAC_ENTRY, MANIFEST, sha256, type BackupManifest } from './manifest';
import { restoreBackup } from './restore';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { runProcess, START_MS } from '../../../scripts/lib/test-processes';

const PASSPHRASE = 'a passphrase kept off the server';
const mode = (file: string) => fs.statSync(file).mode & 0o777;

let work: string;
/** An installation as `npm start` leaves it (prepareData), its lock let go so it can be backed up and restored into. */
let source: Config;
const savedUmask = process.umask();

async function prepared(config: Config, logger = createLogger('silent')) {
  const { sql } = await prepareData(config, logger);
  await sql.close();
  releaseServerLock(config.dataDir);
}

const fresh = (extra: Partial<Config> = {}): Config =>
  testConfig({ dataDir: path.join(fs.mkdtempSync(path.join(work, 'dir-')), 'data'), ...extra });

/** Unpacks an archive, lets `edit` change it, packs it again. */
async function repack(
  archive: string,
  edit: (dir: string, m: BackupManifest) => void | Promise<void>,
): Promise<string> {
  const dir = fs.mkdtempSync(path.join(work, 'edit-'));
  await tar.x({ file: archive, cwd: dir });
  const m = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  await edit(dir, m);
  const out = `${dir}.tar.gz`;
  await tar.c({ gzip: true, file: out, cwd: dir }, fs.readdirSync(dir));
  return out;
}

/** Replaces an entry and writes the manifest again with its new checksum, as an attacker would. */
async function rehash(dir: string, m: BackupManifest, entry: string, body: Buffer | string) {
  fs.writeFileSync(path.join(dir, entry), body);
  const f = m.files.find((x) => x.path === entry)!;
  f.sha256 = await sha256(path.join(dir, entry));
  f.bytes = fs.statSync(path.join(dir, entry)).size;
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(m, null, 2));
}

describe.skipIf(serverTestBackend() === 'postgres')('secrets in DATA_DIR and in backups', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-secrets-'));
    process.umask(0o022);
    source = fresh();
    await prepared(source);
  });
  afterEach(() => process.umask(0o022));
  afterAll(() => {
    process.umask(savedUmask);
    fs.rmSync(work, { recursive: true, force: true });
  });

  describe('file modes, whatever the umask (022 here)', () => {
    it('a new DATA_DIR is 0700 and app.db, its -wal and -shm and keys.json are 0600', async () => {
      const config = fresh();
      // As `npm start` prepares it; -wal and -shm exist while the database is open.
      const { sql } = await prepareData(config, createLogger('silent'));
      try {
        expect(mode(config.dataDir)).toBe(0o700);
        for (const f of ['app.db', 'app.db-wal', 'app.db-shm', 'keys.json', 'server.lock'])
          expect(mode(path.join(config.dataDir, f)), f).toBe(0o600);
      } finally {
        await sql.close();
        releaseServerLock(config.dataDir);
      }
    });

    it('an existing DATA_DIR open to others, and its app.db, are tightened, and the log says so', async () => {
      const config = fresh();
      fs.mkdirSync(config.dataDir, { mode: 0o755 });
      fs.chmodSync(config.dataDir, 0o755);
      await prepared(config);
      fs.chmodSync(path.join(config.dataDir, 'app.db'), 0o644);
      fs.chmodSync(config.dataDir, 0o755);
      const warned: string[] = [];
      await prepared(config, { ...createLogger('silent'), warn: (msg) => warned.push(msg) });
      expect(mode(config.dataDir)).toBe(0o700);
      expect(mode(path.join(config.dataDir, 'app.db'))).toBe(0o600);
      expect(warned).toEqual(['DATA_DIR was open to other users; tightened to 0700']);
    });

    it('archives are 0600 in a backups folder of 0700, an existing open one tightened', async () => {
      const backups = path.join(source.dataDir, 'backups');
      fs.mkdirSync(backups, { mode: 0o755 });
      fs.chmodSync(backups, 0o755);
      const { file } = await createBackup(source, defaultBackupFile(source));
      expect(path.dirname(file)).toBe(backups);
      expect(mode(backups)).toBe(0o700);
      expect(mode(file)).toBe(0o600);
      // Nothing else is left in the folder (the staging folder and the partial archive are gone).
      expect(fs.readdirSync(backups)).toEqual([path.basename(file)]);
    });

    it('a restored app.db and keys.json are 0600 in a DATA_DIR of 0700', async () => {
      const { file } = await createBackup(source, path.join(work, 'modes.tar.gz'));
      const target = fresh();
      await restoreBackup(target, file);
      expect(mode(target.dataDir)).toBe(0o700);
      for (const f of ['app.db', 'keys.json']) expect(mode(path.join(target.dataDir, f)), f).toBe(0o600);
    });
  });

  describe('the keys in a backup', () => {
    const sealedSource = () => ({ ...source, backupPassphrase: PASSPHRASE });
    const keys = () => fs.readFileSync(path.join(source.dataDir, 'keys.json'), 'utf8');

    it('with BACKUP_PASSPHRASE are encrypted (not readable in the archive) and restore with it, verified', async () => {
      const { file, manifest } = await createBackup(sealedSource(), path.join(work, 'sealed.tar.gz'));
      expect(manifest).toMatchObject({ formatVersion: 2, keys: 'encrypted', seal: { kdf: 'scrypt' } });
      expect(manifest.files.map((f) => f.path)).toContain('keys.json.enc');
      expect(manifest.files.map((f) => f.path)).not.toContain('keys.json');
      const secret = (JSON.parse(keys()) as { jwtSecret: string }).jwtSecret;
      expect(zlib.gunzipSync(fs.readFileSync(file)).includes(secret)).toBe(false);

      const target = fresh({ backupPassphrase: PASSPHRASE });
      const result = await restoreBackup(target, file);
      expect(result).toMatchObject({ integrity: 'verified', keys: 'restored' });
      expect(fs.readFileSync(path.join(target.dataDir, 'keys.json'), 'utf8')).toBe(keys());
    });

    it('a sealed archive changed and re-hashed is refused, as is a wrong passphrase, and nothing changes', async () => {
      const { file } = await createBackup(sealedSource(), path.join(work, 'sealed-2.tar.gz'));
      const other = fresh();
      await prepared(other);
      // Someone swaps in another database and writes the manifest again with its checksum.
      const tampered = await repack(file, (dir, m) =>
        rehash(dir, m, 'app.db', fs.readFileSync(path.join(other.dataDir, 'app.db'))),
      );
      const target = fresh({ backupPassphrase: PASSPHRASE });
      await expect(restoreBackup(target, tampered)).rejects.toThrow(
        /does not match BACKUP_PASSPHRASE: either the passphrase is not the one it was made with, or the archive has been changed since/,
      );
      await expect(
        restoreBackup({ ...target, backupPassphrase: 'not the passphrase at all' }, file),
      ).rejects.toThrow(/does not match BACKUP_PASSPHRASE/);
      // Dropping the seal does not help: with a passphrase set, an unsealed archive is refused.
      const unsealed = await repack(file, (dir, m) => {
        fs.rmSync(path.join(dir, MAC_ENTRY));
        delete m.seal;
        fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(m));
      });
      await expect(restoreBackup(target, unsealed)).rejects.toThrow(
        /is not sealed, so BACKUP_PASSPHRASE cannot verify it/,
      );
      expect(fs.readdirSync(target.dataDir)).toEqual(['server.lock']);
    });

    it('a sealed archive without BACKUP_PASSPHRASE asks for it; an unsealed one restores unverified', async () => {
      const sealed = await createBackup(sealedSource(), path.join(work, 'sealed-3.tar.gz'));
      await expect(restoreBackup(fresh(), sealed.file)).rejects.toThrow(
        /is sealed with a passphrase: set BACKUP_PASSPHRASE to the one it was made with/,
      );
      const plain = await createBackup(source, path.join(work, 'plain.tar.gz'));
      expect(plain.manifest.keys).toBe('included');
      expect(await restoreBackup(fresh(), plain.file)).toMatchObject({
        integrity: 'unverified',
        keys: 'restored',
      });
    });

    it('--without-keys leaves them out; a restore keeps the keys DATA_DIR has, or says there are none', async () => {
      const { file, manifest } = await createBackup(source, path.join(work, 'no-keys.tar.gz'), new Date(), {
        withoutKeys: true,
      });
      expect(manifest.keys).toBe('left-out');
      expect(manifest.files.map((f) => f.path).filter((p) => p.startsWith('keys'))).toEqual([]);

      const existing = fresh();
      await prepared(existing);
      const before = fs.readFileSync(path.join(existing.dataDir, 'keys.json'), 'utf8');
      expect(await restoreBackup(existing, file)).toMatchObject({ keys: 'kept' });
      expect(fs.readFileSync(path.join(existing.dataDir, 'keys.json'), 'utf8')).toBe(before);

      const empty = fresh();
      expect(await restoreBackup(empty, file)).toMatchObject({ keys: 'none' });
      expect(fs.existsSync(path.join(empty.dataDir, 'keys.json'))).toBe(false);

      // With a passphrase as well, the archive without keys is still sealed and verified.
      const sealed = await createBackup(
        sealedSource(),
        path.join(work, 'no-keys-sealed.tar.gz'),
        new Date(),
        {
          withoutKeys: true,
        },
      );
      expect(sealed.manifest).toMatchObject({ keys: 'left-out', seal: { kdf: 'scrypt' } });
      expect(await restoreBackup(fresh({ backupPassphrase: PASSPHRASE }), sealed.file)).toMatchObject({
        integrity: 'verified',
        keys: 'none',
      });
    });
  });

  describe('npm run backup and npm run restore, as an operator runs them', () => {
    const cli = ['--import', 'tsx', path.resolve('server/ops/backup/cli.ts')];
    const run = (args: string[], env: Record<string, string> = {}) =>
      runProcess(process.execPath, [...cli, ...args], {
        env: { ...process.env, DATABASE_URL: '', BACKUP_PASSPHRASE: '', LOG_LEVEL: 'info', ...env },
      });

    it(
      'refuse junk, a cut-short archive, another format and a tampered one in one line each, exit 1',
      async () => {
        const good = await createBackup(
          { ...source, backupPassphrase: PASSPHRASE },
          path.join(work, 'cli-sealed.tar.gz'),
        );
        const bytes = fs.readFileSync(good.file);
        const junk = path.join(work, 'junk.tar.gz');
        fs.writeFileSync(junk, 'this is not an archive\n');
        const cut = path.join(work, 'cut.tar.gz');
        fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
        const otherFormat = await repack(good.file, (dir, m) =>
          fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify({ ...m, format: 'something-else' })),
        );
        const tampered = await repack(good.file, (dir, m) => {
          m.counts = { ...m.counts, users: 999 };
          fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(m, null, 2));
        });
        const cases: [string, string, RegExp][] = [
          ['junk', junk, /junk\.tar\.gz is not a Tuneful backup: it is not a \.tar\.gz archive\./],
          ['cut short', cut, /cut\.tar\.gz is not a readable backup archive, damaged or cut short/],
          [
            'another format',
            otherFormat,
            /is not a Tuneful backup this version can read \(format something-else 2\)/,
          ],
          ['tampered', tampered, /does not match BACKUP_PASSPHRASE/],
        ];
        const results = await Promise.all(
          cases.map(([, file]) =>
            run(['restore', file], { DATA_DIR: fresh().dataDir, BACKUP_PASSPHRASE: PASSPHRASE }),
          ),
        );
        results.forEach((r, i) => {
          const [name, , said] = cases[i]!;
          expect(r.code, `${name}: ${r.stderr}`).toBe(1);
          expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
          expect(r.stderr, name).toMatch(said);
          expect(r.stderr, name).not.toMatch(/\n\s+at /);
        });
      },
      scaledTimeout(2 * START_MS),
    );

    it(
      'a backup under umask 022 is 0600 and says its keys are unencrypted; its restore says it cannot be verified',
      async () => {
        const out = path.join(work, 'cli', 'plain.tar.gz');
        // The CLI inherits this process's umask, as it would an operator's shell's.
        const backup = await run(['backup', out], { DATA_DIR: source.dataDir });
        expect(backup.code, backup.stderr).toBe(0);
        expect(mode(out)).toBe(0o600);
        expect(backup.stdout).toMatch(/The signing keys are in this archive unencrypted/);
        const restore = await run(['restore', out], { DATA_DIR: fresh().dataDir });
        expect(restore.code, restore.stderr).toBe(0);
        expect(restore.stdout.split('\n')[0]).toBe(
          'The archive cannot be verified (it is not sealed and BACKUP_PASSPHRASE is unset): only its checksums were checked.',
        );
        expect(restore.stdout).toMatch(/The backup's signing keys are restored\./);
      },
      scaledTimeout(2 * START_MS),
    );
  });
});
