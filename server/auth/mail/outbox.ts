import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../lib/logger';
import type { Mailer } from './mailer';
import { formatMessage } from './message';

/** Writes each mail as DATA_DIR/mail/<time>-<id>.eml (openable in any mail program). */
export function fileOutbox(dataDir: string, from: string, logger: Logger, now: () => number): Mailer {
  const dir = path.join(dataDir, 'mail');
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const t = now();
      const name = `${new Date(t).toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      // 0600: the file holds a sign-in link.
      await fs.writeFile(path.join(dir, name), formatMessage(from, message, t), { mode: 0o600 });
      logger.info('mail written to outbox', { file: name, subject: message.subject });
      logger.say(`  Mail to ${message.to}: ${message.subject}\n  ${message.link}\n`);
    },
  };
}
