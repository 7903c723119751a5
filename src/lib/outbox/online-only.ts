import { ApiRequestError } from '../api';
import { isOfflineFailure } from './offline-failure';

/**
 * Writes that cannot sensibly wait in the outbox (deleting the account, a new password, creating
 * or joining a circle…: docs/offline-writes.md says why for each) are refused at once when there
 * is no connection, with words that say so, instead of a spinner or a bare "Failed to fetch".
 */
export class OfflineRefusal extends Error {
  constructor(action: string) {
    super(offlineRefusalText(action));
    this.name = 'OfflineRefusal';
  }
}

/** "You're offline. Creating a circle needs a connection: try again when you're back online." */
export function offlineRefusalText(action: string): string {
  return `You're offline. ${action} needs a connection: try again when you're back online.`;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Runs `write` only with a connection. Offline (the browser says so, or the request never
 * reached the server) it throws an OfflineRefusal naming `action`; any other failure is rethrown.
 */
export async function onlineOnly<T>(action: string, write: () => Promise<T>): Promise<T> {
  if (browserOffline()) throw new OfflineRefusal(action);
  try {
    return await write();
  } catch (err) {
    if (isOfflineFailure(err)) throw new OfflineRefusal(action);
    throw err;
  }
}

/**
 * What a failed write tells the member: the refusal's words, the server's own message, or the
 * screen's fallback. Never `err.toString()`.
 */
export function writeErrorText(err: unknown, fallback: string): string {
  if (err instanceof OfflineRefusal) return err.message;
  if (err instanceof ApiRequestError) return err.serverMessage;
  return fallback;
}

/**
 * The refusal's words when the browser is offline, else null: for forms (sign-in, password,
 * email) that check before they start, so the member is told at once instead of waiting on a
 * request that cannot succeed (or, for "forgot password", being told a mail was sent).
 */
export function offlineText(action: string): string | null {
  return browserOffline() ? offlineRefusalText(action) : null;
}
