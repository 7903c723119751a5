import crypto from 'node:crypto';
import type { MailMessage } from './mailer';

/** Header values come from our own templates, but never let a CR/LF smuggle in a header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

const ascii = (s: string) => [...s].every((ch) => ch.charCodeAt(0) < 0x80);

/** A subject with non-ASCII text (a circle's name) as an RFC 2047 encoded word. */
const encodedSubject = (s: string) =>
  ascii(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`;

/** An RFC 5322 message with CRLF line ends, as both the outbox and SMTP DATA need it. */
export function formatMessage(from: string, m: MailMessage, nowMs: number): string {
  const domain = from.split('@')[1] ?? 'localhost';
  // ASCII travels as 7bit through any relay; other text as base64, which needs no 8BITMIME.
  const plain = ascii(m.text);
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(m.to)}`,
    `Subject: ${encodedSubject(oneLine(m.subject))}`,
    `Date: ${new Date(nowMs).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    ...Object.entries(m.headers ?? {}).map(([name, value]) => `${oneLine(name)}: ${oneLine(value)}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Transfer-Encoding: ${plain ? '7bit' : 'base64'}`,
  ];
  const text = m.text.replace(/\r?\n/g, '\r\n');
  const body = plain
    ? text
    : (
        Buffer.from(text, 'utf8')
          .toString('base64')
          .match(/.{1,76}/g) ?? []
      ).join('\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}
