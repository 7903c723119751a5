import crypto from 'node:crypto';
import type { MailMessage } from './mailer';

/** Header values come from our own templates, but never let a CR/LF smuggle in a header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** An RFC 5322 message with CRLF line ends, as both the outbox and SMTP DATA need it. */
export function formatMessage(from: string, m: MailMessage, nowMs: number): string {
  const domain = from.split('@')[1] ?? 'localhost';
  const headers = [
    `From: ${oneLine(from)}`,
    `To: ${oneLine(m.to)}`,
    `Subject: ${oneLine(m.subject)}`,
    `Date: ${new Date(nowMs).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 7bit',
  ];
  const body = m.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}
