import type { MailMessage } from './mailer';

export type LinkType = 'signup' | 'recovery';

/** The link a mail carries: our verify endpoint, which then redirects into the app. */
export function verifyLink(publicUrl: string, token: string, type: LinkType, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${q.toString()}`;
}

const copy: Record<LinkType, { subject: string; lines: string[] }> = {
  signup: {
    subject: 'Confirm your email',
    lines: ['Welcome! Please confirm your email address to finish creating your account:'],
  },
  recovery: {
    subject: 'Reset your password',
    lines: ['Someone asked to reset the password of your account. To choose a new one, open:'],
  },
};

export function linkMail(to: string, type: LinkType, link: string, validHours: number): MailMessage {
  const { subject, lines } = copy[type];
  const text = [
    'Hello,',
    '',
    ...lines,
    '',
    link,
    '',
    `The link works once and expires in ${validHours} hours.`,
    'If you did not ask for this, you can ignore this email.',
  ].join('\n');
  return { to, subject, text, link };
}
