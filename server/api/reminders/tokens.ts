import crypto from 'node:crypto';

/**
 * The two secrets in reminder links, both keyed with the project secret (keys.json or the
 * project_keys row), so the database alone cannot forge or reveal them:
 *
 * - The calendar feed's URL token: an HMAC of the member and a random salt kept in their
 *   reminder row. Only its hash is stored (the lookup); regenerating draws a new salt, so the
 *   old URL stops working at once.
 * - The e-mail unsubscribe token: the member's id and an HMAC of it. It needs no row and never
 *   expires (an unsubscribe link must keep working); all it can do is switch e-mail off.
 *
 * A new project secret (keys.json lost and recreated) changes both: members then copy the
 * calendar URL again, and older mails' unsubscribe links stop working.
 */
const keyOf = (jwtSecret: string) =>
  crypto.createHmac('sha256', jwtSecret).update('tuneful practice reminders').digest();

const mac = (jwtSecret: string, text: string) =>
  crypto.createHmac('sha256', keyOf(jwtSecret)).update(text).digest('base64url');

export const newSalt = () => crypto.randomBytes(24).toString('base64url');

export function calendarToken(jwtSecret: string, userId: string, salt: string): string {
  return mac(jwtSecret, `calendar\n${userId}\n${salt}`);
}

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** What a feed URL's last segment must look like: the token and `.ics`. */
export const CALENDAR_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

export function unsubscribeToken(jwtSecret: string, userId: string): string {
  return `${userId}.${mac(jwtSecret, `unsubscribe-email\n${userId}`)}`;
}

/** The member an unsubscribe token stands for, or null for anything forged or damaged. */
export function unsubscribeMember(jwtSecret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 200) return null;
  const userId = token.slice(0, dot);
  const expected = Buffer.from(unsubscribeToken(jwtSecret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? userId : null;
}

/** A stable, non-secret handle for a member in calendar UIDs (their id is not shown). */
export const uidBase = (userId: string) =>
  crypto.createHash('sha256').update(`uid\n${userId}`).digest('hex').slice(0, 20);
