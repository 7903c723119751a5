import type { Mailer, MailMessage } from './mailer';
import { formatMessage } from './message';
import { SmtpConnection } from './smtp-connection';

export interface SmtpSettings {
  host: string;
  port: number;
  /** smtps:// — TLS from the first byte (port 465); smtp:// upgrades with STARTTLS when offered. */
  implicitTls: boolean;
  user?: string;
  pass?: string;
  from?: string;
}

/** `smtp://user:pass@host:port?from=no-reply@example.com` (or smtps://). */
export function parseSmtpUrl(raw: string): SmtpSettings {
  const url = new URL(raw);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const implicitTls = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : implicitTls ? 465 : 587,
    implicitTls,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    pass: url.password ? decodeURIComponent(url.password) : undefined,
    from: url.searchParams.get('from') ?? undefined,
  };
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

async function hello(conn: SmtpConnection, settings: SmtpSettings): Promise<string[]> {
  const ehlo = await conn.command('EHLO localhost', [250]);
  if (conn.encrypted || !ehlo.lines.some((l) => /^STARTTLS\b/i.test(l))) return ehlo.lines;
  await conn.command('STARTTLS', [220]);
  await conn.startTls(settings.host);
  return (await conn.command('EHLO localhost', [250])).lines;
}

async function authenticate(conn: SmtpConnection, s: SmtpSettings, features: string[]): Promise<void> {
  if (!s.user) return;
  // Credentials never cross the network in clear text; a relay on this machine is the exception.
  if (!conn.encrypted && !isLoopback(s.host))
    throw new Error('SMTP server offers no TLS; refusing to send credentials');
  const auth = features.find((l) => /^AUTH\b/i.test(l))?.toUpperCase() ?? '';
  const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');
  if (/\bPLAIN\b/.test(auth) || !/\bLOGIN\b/.test(auth)) {
    await conn.command(`AUTH PLAIN ${b64(`\0${s.user}\0${s.pass ?? ''}`)}`, [235], 'AUTH');
    return;
  }
  await conn.command('AUTH LOGIN', [334]);
  await conn.command(b64(s.user), [334], 'AUTH');
  await conn.command(b64(s.pass ?? ''), [235], 'AUTH');
}

/** Dot-stuffing (RFC 5321 §4.5.2): a line starting with '.' gets another one. */
const stuff = (data: string) => data.replace(/(^|\r\n)\./g, '$1..');

export async function deliver(s: SmtpSettings, from: string, m: MailMessage, nowMs: number): Promise<void> {
  const conn = await SmtpConnection.open(s.host, s.port, s.implicitTls);
  try {
    const greeting = await conn.reply();
    if (greeting.code !== 220) throw new Error(`SMTP greeting refused: ${greeting.code}`);
    const features = await hello(conn, s);
    await authenticate(conn, s, features);
    await conn.command(`MAIL FROM:<${from}>`, [250]);
    await conn.command(`RCPT TO:<${m.to}>`, [250, 251]);
    await conn.command('DATA', [354]);
    await conn.command(`${stuff(formatMessage(from, m, nowMs))}.`, [250], 'DATA');
    await conn.command('QUIT', [221]).catch(() => undefined);
  } finally {
    conn.close();
  }
}

export function smtpMailer(settings: SmtpSettings, from: string, now: () => number): Mailer {
  return { send: (m) => deliver(settings, from, m, now()) };
}
