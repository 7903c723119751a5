import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareData } from '../../boot/prepare';
import { testConfig, type Config } from '../../config';
import { databaseFile } from '../../db/open';
import { serverTestBackend } from '../../db/sql/test-backends';
import { createLogger } from '../../lib/logger';
import { createBackup } from './backup';
import { lockForRestore, releaseServerLock } from './in-use';
import { restoreBackup } from './restore';
import { scaledTimeout } from '../../../scripts/lib/machine-speed.mjs';
import { runProcess, startProcess, START_MS } from '../../../scripts/lib/test-processes';

/**
 * The restore lock against real server processes: `npm start` holds DATA_DIR/server.lock for
 * its whole life, a second server that exits does not release it, and the operating system
 * drops it with a process killed by -9.
 */
const root = path.resolve(__dirname, '../../..');
let work: string;
let archive: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const serverEnv = (dataDir: string, port: number) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  DEMO_SEED: '0',
  PORT: String(port),
  LOG_LEVEL: 'info',
});

/** `npm start` on DATA_DIR, as an operator runs it; resolves once it says "Ready.". */
async function startServer(dataDir: string, port: number) {
  const p = startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: serverEnv(dataDir, port),
  });
  await p.waitForOutput('Ready.');
  return p;
}

describe.skipIf(serverTestBackend() === 'postgres')('restore and a running server', () => {
  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'tuneful-lock-'));
    const source: Config = testConfig({ dataDir: path.join(work, 'source') });
    const { sql } = await prepareData(source, createLogger('silent'));
    await sql.close();
    releaseServerLock(source.dataDir);
    archive = (await createBackup(source, path.join(work, 'backup.tar.gz'))).file;
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it(
    'is refused while a server lives, even after a second server on the same DATA_DIR exited; works once it stops',
    async () => {
      const dataDir = path.join(work, 'live');
      const port = await freePort();
      const live = await startServer(dataDir, port);
      // A second server on the same DATA_DIR (the port is taken): it exits, the first serves on.
      const second = await runProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: serverEnv(dataDir, port),
      });
      expect(second.code, second.stdout + second.stderr).toBe(1);
      expect(second.stderr).toMatch(/Port \d+ is taken/);

      const refused = await runProcess(
        process.execPath,
        ['--import', 'tsx', path.resolve('server/ops/backup/cli.ts'), 'restore', archive],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BACKUP_PASSPHRASE: '' } },
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `A server is using ${dataDir} (it holds ${dataDir}/server.lock). Stop it (Ctrl-C, or systemctl stop tuneful), then restore.`,
      );
      const before = fs.statSync(databaseFile(dataDir)).ino;

      expect(await live.stop('SIGTERM')).toMatchObject({ code: 0 });
      const restored = await restoreBackup(testConfig({ dataDir }), archive);
      expect(restored.asideDir).not.toBeNull();
      expect(fs.statSync(databaseFile(dataDir)).ino).not.toBe(before);
    },
    scaledTimeout(3 * START_MS),
  );

  it(
    'is not blocked by a server killed with -9 (the operating system drops its lock)',
    async () => {
      const dataDir = path.join(work, 'killed');
      const server = await startServer(dataDir, await freePort());
      await expect(restoreBackup(testConfig({ dataDir }), archive)).rejects.toThrow(/A server is using/);
      expect(await server.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
      const restored = await restoreBackup(testConfig({ dataDir }), archive);
      expect(restored.counts.schema_migrations).toBeGreaterThan(10);
    },
    scaledTimeout(2 * START_MS),
  );

  it(
    'a server does not start while a restore holds the lock',
    async () => {
      const dataDir = path.join(work, 'restoring');
      fs.mkdirSync(dataDir, { mode: 0o700 });
      const unlock = lockForRestore(dataDir);
      try {
        const r = await runProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: root,
          env: serverEnv(dataDir, await freePort()),
        });
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(/Cannot start: A restore into .* is under way/);
        expect(fs.existsSync(databaseFile(dataDir))).toBe(false);
      } finally {
        unlock();
      }
    },
    scaledTimeout(START_MS),
  );
});
