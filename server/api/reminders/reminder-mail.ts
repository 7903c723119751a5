import type { MailMessage } from '../../auth/mail/mailer';
import { daysText, type ReminderSettings } from '../../../src/domain/reminders';

/**
 * A reminder by e-mail: the suggestion (named, with its link), the member's choice in words, and
 * a one-click unsubscribe (RFC 8058): List-Unsubscribe names the API address a mail program POSTs
 * `List-Unsubscribe=One-Click` to; the link in the body opens a page that asks before it acts,
 * because a GET (a link scanner, a preview) must never change anything.
 */
export function reminderMail(o: {
  to: string;
  title: string;
  lines: string[];
  url: string;
  appUrl: string;
  settings: ReminderSettings;
  zone: string;
  unsubscribeToken: string;
  test?: boolean;
}): MailMessage {
  const token = encodeURIComponent(o.unsubscribeToken);
  const oneClick = `${o.appUrl}/api/reminders/unsubscribe?token=${token}`;
  const page = `${o.appUrl}/reminders/unsubscribe?token=${token}`;
  const text = [
    'Hello,',
    '',
    ...(o.test ? ['This is a test of your practice reminders. A real one looks like this:', ''] : []),
    ...o.lines,
    '',
    `Open it in Tuneful: ${o.url}`,
    '',
    '--',
    `You get this because you chose practice reminders by e-mail on ${daysText(o.settings.days)} at ${o.settings.time} (${o.zone}).`,
    `Change your reminders: ${o.appUrl}/reminders`,
    `Stop reminder e-mails: ${page}`,
  ].join('\n');
  return {
    to: o.to,
    subject: o.test ? `Test reminder: ${o.title.toLowerCase()}` : o.title,
    text,
    link: o.url,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
