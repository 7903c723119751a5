import type { AppDeps } from '../../app-env';
import { fileOutbox } from './outbox';
import { parseSmtpUrl, smtpMailer } from './smtp';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body; kept ASCII so it travels as 7bit through any relay. */
  text: string;
  /** The action link, logged for developers when mail goes to the outbox. */
  link: string;
  /** Extra header lines (e.g. List-Unsubscribe, RFC 8058), names as written. */
  headers?: Record<string, string>;
}

/** Delivers one message or throws; callers decide whether a failure reaches the member. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set, otherwise an outbox folder (DATA_DIR/mail/*.eml) with each link
 * logged, so a developer without a mail server can still confirm accounts. Never a silent drop.
 */
export function createMailer(deps: AppDeps): Mailer {
  const fromHost = new URL(deps.config.publicUrl).hostname;
  const defaultFrom = `no-reply@${fromHost.includes('.') ? fromHost : `${fromHost}.localdomain`}`;
  if (deps.config.smtpUrl) {
    const smtp = parseSmtpUrl(deps.config.smtpUrl);
    return smtpMailer(smtp, smtp.from ?? defaultFrom, deps.now);
  }
  return fileOutbox(deps.config.dataDir, defaultFrom, deps.logger, deps.now);
}
