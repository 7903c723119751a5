import type { MailMessage } from './mailer';

/** What a mail is for; both e-mail change mails open a link of type `email_change`. */
export type MailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change_current' | 'email_change_new';
/** The `type` a verify link and verifyOtp carry (GoTrue's names). */
export type LinkType = 'signup' | 'recovery' | 'magiclink' | 'email_change';

export const linkTypeOf = (kind: MailKind): LinkType =>
  kind === 'email_change_current' || kind === 'email_change_new' ? 'email_change' : kind;

/** The link a mail carries: our verify endpoint, which then redirects into the app. */
export function verifyLink(publicUrl: string, token: string, type: LinkType, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${q.toString()}`;
}

const copy: Record<MailKind, { subject: string; lines: (extra: string) => string[] }> = {
  signup: {
    subject: 'Confirm your email',
    lines: () => ['Welcome! Please confirm your email address to finish creating your account:'],
  },
  recovery: {
    subject: 'Reset your password',
    lines: () => ['Someone asked to reset the password of your account. To choose a new one, open:'],
  },
  magiclink: {
    subject: 'Your sign-in link',
    lines: () => ['To sign in to your account, open this link:'],
  },
  email_change_current: {
    subject: 'Confirm the change of your email address',
    lines: (to) => [
      `Someone asked to change the email address of your account to ${to}.`,
      'If that was you, confirm it from this address too:',
    ],
  },
  email_change_new: {
    subject: 'Confirm your new email address',
    lines: () => ['Please confirm this new email address for your account:'],
  },
};

export interface LinkMailInput {
  to: string;
  kind: MailKind;
  link: string;
  code: string;
  validHours: number;
  /** For the mail to the current address: the address it would change to. */
  newEmail?: string;
}

/** A plain-text mail with the link and the same one-time code to type instead. */
export function linkMail(m: LinkMailInput): MailMessage {
  const { subject, lines } = copy[m.kind];
  const text = [
    'Hello,',
    '',
    ...lines(m.newEmail ?? ''),
    '',
    m.link,
    '',
    `Or enter this code: ${m.code}`,
    '',
    `The link and the code work once and expire in ${m.validHours} hours.`,
    'If you did not ask for this, you can ignore this email.',
  ].join('\n');
  return { to: m.to, subject, text, link: m.link };
}
