import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Runs the real entry point as `npm start` does and returns what a person would see. */
function start(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DEMO_SEED: '0', PORT: '0', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, stderr: r.stderr, stdout: r.stdout };
}

describe('starting the server with a bad DATA_DIR', () => {
  it('stops and explains when DATA_DIR is a file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const r = start({ DATA_DIR: file });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`Cannot start: DATA_DIR ${file} is a file, not a folder.`);
  });

  it('stops and explains when DATA_DIR cannot be created', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'start-')), 'file');
    fs.writeFileSync(file, 'x');
    const r = start({ DATA_DIR: path.join(file, 'data') });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot be created[\s\S]*How to fix: Set DATA_DIR/);
  });

  it('stops and explains when the database file is corrupt, leaving it untouched', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
    const junk = 'not a database '.repeat(500);
    fs.writeFileSync(path.join(dir, 'app.db'), junk);
    const r = start({ DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/corrupt or is not a SQLite database[\s\S]*How to fix: Move it aside/);
    expect(fs.readFileSync(path.join(dir, 'app.db'), 'utf8')).toBe(junk);
  });

  it('stops and names the setting when the configuration is invalid', () => {
    const r = start({ PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
  });
});

describe('starting on a taken port', () => {
  it('says so at once, before the first-start audio render', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taken-'));
      const started = Date.now();
      const r = start({ DATA_DIR: dir, PORT: String(port), DEMO_SEED: '1', LOG_LEVEL: 'info' });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`Port ${port} is taken`);
      expect(r.stdout).not.toMatch(/Demo catalogue ready/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      blocker.close();
    }
  });
});

describe('npm start on a taken port', () => {
  it('says so before building the app', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is taken`);
      expect(r.stdout).not.toContain('Building the app');
    } finally {
      blocker.close();
    }
  });
});

describe('stopping the server', () => {
  it('exits cleanly on SIGTERM and leaves the database checkpointed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stop-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DEMO_SEED: '0', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 20_000;
    while (!out.includes('Ready.') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(4000);
    expect(out).toContain('shutting down');
    expect(fs.existsSync(path.join(dir, 'app.db-wal'))).toBe(false);
  });
});
