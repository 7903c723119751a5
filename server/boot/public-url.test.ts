import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../auth/test-client';
import { createTestApp, type TestApp } from '../test-support';
import { publicUrlNotice } from './public-url';
import { scaledTimeout } from '../../scripts/lib/machine-speed.mjs';
import { startProcess, START_MS } from '../../scripts/lib/test-processes';

/**
 * Issue 20: mail links pointed to localhost when the member used another address of the same
 * server. Links use PUBLIC_URL, and the server says at start when PUBLIC_URL differs from the
 * address it serves.
 */
describe('the start-up notice about PUBLIC_URL', () => {
  it('says nothing when PUBLIC_URL is the address being served', () => {
    expect(
      publicUrlNotice({ publicUrl: 'http://localhost:8787', host: '127.0.0.1', port: 8787 }, 8787),
    ).toBeNull();
    expect(
      publicUrlNotice({ publicUrl: 'http://10.0.0.5:8787', host: '10.0.0.5', port: 8787 }, 8787),
    ).toBeNull();
  });

  it('says so, and how to fix it, when the server listens on every address with PUBLIC_URL unset', () => {
    const notice = publicUrlNotice({ publicUrl: 'http://localhost:8787', host: '0.0.0.0', port: 8787 }, 8787);
    expect(notice).toContain('links in mails point to PUBLIC_URL http://localhost:8787');
    expect(notice).toContain('port 8787 on every address of this machine (HOST=0.0.0.0)');
    expect(notice).toContain('PUBLIC_URL is not set');
  });

  it('says so when the port or host differs (another port, a proxy)', () => {
    expect(
      publicUrlNotice({ publicUrl: 'http://localhost:8787', host: '127.0.0.1', port: 8787 }, 9000),
    ).toContain('served at http://127.0.0.1:9000');
    const proxy = publicUrlNotice(
      { publicUrl: 'https://tuneful.example', host: '127.0.0.1', port: 8787 },
      8787,
    );
    expect(proxy).toContain('behind a proxy');
  });
});

describe('mail links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://tuneful.example' });
  });
  afterAll(() => t.close());

  it('point to PUBLIC_URL whatever address the member used', async () => {
    const res = await t.fetch(
      'http://192.168.1.20:8787/auth/v1/signup?redirect_to=' +
        encodeURIComponent('http://192.168.1.20:8787/home'),
      {
        method: 'POST',
        headers: {
          apikey: t.deps.keys.anonKey,
          'Content-Type': 'application/json',
          Host: '192.168.1.20:8787',
        },
        body: JSON.stringify({ email: 'lan@example.com', password: 'correct horse battery' }),
      },
    );
    expect(res.status).toBe(200);
    const mail = outbox(t).at(-1) ?? '';
    const links = [...mail.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith('https://tuneful.example/')).toBe(true);
    expect(mail).not.toContain('localhost');
    expect(mail).not.toContain('192.168.1.20');
  });
});

describe('starting the server', () => {
  it(
    'tells the operator when PUBLIC_URL differs from the address being served',
    async () => {
      const port = await new Promise<number>((resolve) => {
        const s = net.createServer().listen(0, '127.0.0.1', () => {
          const p = (s.address() as net.AddressInfo).port;
          s.close(() => resolve(p));
        });
      });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-url-'));
      const server = startProcess(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          DATABASE_URL: '',
          DEMO_SEED: '0',
          DATA_DIR: dir,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: `http://localhost:${port + 1}`,
          LOG_LEVEL: 'warn',
        },
      });
      try {
        await server.waitForOutput('Note: links in mails');
        expect(server.output()).toContain('Ready.');
        expect(server.output()).toContain(
          `Note: links in mails point to PUBLIC_URL http://localhost:${port + 1}, but this server is served at http://127.0.0.1:${port}.`,
        );
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    scaledTimeout(START_MS + 30_000),
  );
});
