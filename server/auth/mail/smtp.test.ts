import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support';
import { client, PASSWORD } from '../test-client';
import { deliver, parseSmtpUrl } from './smtp';

interface Session {
  commands: string[];
  data: string;
}

/** A tiny scripted SMTP server on loopback that records what the client said. */
function fakeSmtp(features: string[]): Promise<{ port: number; sessions: Session[]; close: () => void }> {
  const sessions: Session[] = [];
  const server = net.createServer((socket) => {
    const s: Session = { commands: [], data: '' };
    sessions.push(s);
    let inData = false;
    let buf = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buf += chunk.toString();
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          s.data = buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        s.commands.push(line);
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO')
          socket.write(['250-fake', ...features.map((f) => `250-${f}`), '250 OK'].join('\r\n') + '\r\n');
        else if (verb === 'AUTH' && line.startsWith('AUTH LOGIN')) socket.write('334 VXNlcm5hbWU6\r\n');
        else if (verb === 'AUTH') socket.write('235 ok\r\n');
        else if (s.commands.at(-2)?.startsWith('AUTH LOGIN')) socket.write('334 UGFzc3dvcmQ6\r\n');
        else if (s.commands.at(-3)?.startsWith('AUTH LOGIN')) socket.write('235 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, sessions, close: () => server.close() });
    }),
  );
}

const message = {
  to: 'ada@example.com',
  subject: 'Confirm your email',
  text: 'Hello\n.a line starting with a dot\nhttp://localhost/x',
  link: 'http://localhost/x',
};

let close = () => {};
afterEach(() => close());

describe('the SMTP mailer', () => {
  it('parses smtp URLs with credentials, port and sender', () => {
    expect(parseSmtpUrl('smtp://user%40x:p%40ss@mail.example.com:2525?from=hi@example.com')).toEqual({
      host: 'mail.example.com',
      port: 2525,
      implicitTls: false,
      user: 'user@x',
      pass: 'p@ss',
      from: 'hi@example.com',
    });
    expect(parseSmtpUrl('smtps://mail.example.com').port).toBe(465);
    expect(() => parseSmtpUrl('http://mail.example.com')).toThrow();
  });

  it('authenticates with AUTH PLAIN and delivers a dot-stuffed message', async () => {
    const server = await fakeSmtp(['AUTH PLAIN LOGIN']);
    close = server.close;
    await deliver(
      parseSmtpUrl(`smtp://ada:secret@127.0.0.1:${server.port}`),
      'no-reply@example.com',
      message,
      0,
    );
    const s = server.sessions[0];
    expect(s?.commands).toEqual([
      'EHLO localhost',
      `AUTH PLAIN ${Buffer.from('\0ada\0secret').toString('base64')}`,
      'MAIL FROM:<no-reply@example.com>',
      'RCPT TO:<ada@example.com>',
      'DATA',
      'QUIT',
    ]);
    expect(s?.data).toContain('Subject: Confirm your email\r\n');
    expect(s?.data).toContain('\r\n..a line starting with a dot\r\n');
  });

  it('falls back to AUTH LOGIN when PLAIN is not offered', async () => {
    const server = await fakeSmtp(['AUTH LOGIN']);
    close = server.close;
    await deliver(
      parseSmtpUrl(`smtp://ada:secret@127.0.0.1:${server.port}`),
      'no-reply@example.com',
      message,
      0,
    );
    expect(server.sessions[0]?.commands.slice(1, 4)).toEqual([
      'AUTH LOGIN',
      Buffer.from('ada').toString('base64'),
      Buffer.from('secret').toString('base64'),
    ]);
  });

  it('reports an unreachable server as an error', async () => {
    await expect(
      deliver(parseSmtpUrl('smtp://127.0.0.1:1'), 'no-reply@example.com', message, 0),
    ).rejects.toThrow();
  });

  it('carries the signup mail when SMTP_URL is set', async () => {
    const server = await fakeSmtp([]);
    close = server.close;
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${server.port}?from=hello@tuneful.test` });
    try {
      const { error } = await client(t).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
      expect(error).toBeNull();
      expect(server.sessions[0]?.commands).toContain('MAIL FROM:<hello@tuneful.test>');
      expect(server.sessions[0]?.data).toMatch(/http:\/\/localhost:8787\/auth\/v1\/verify\?token=/);
    } finally {
      await t.close();
    }
  });

  it('answers 500 (retryable, as GoTrue) when the confirmation mail could not be sent', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const { error } = await client(t).auth.signUp({ email: 'ada@example.com', password: PASSWORD });
      // supabase-js turns every 5xx into AuthRetryableFetchError and drops the body's message.
      expect(error).toMatchObject({ status: 500, name: 'AuthRetryableFetchError' });
    } finally {
      await t.close();
    }
  });
});
