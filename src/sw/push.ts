/**
 * Practice reminders in the service worker: a `push` event shows the reminder as a notification;
 * a click on it opens the suggested session's page, or focuses a Tuneful window already on it
 * (or moves one that is open elsewhere there). The server sends
 * `{title, body, url, tag}` (server/api/reminders/push-sender.ts), encrypted for this browser.
 *
 * Kept apart from service-worker.ts with its own small event types, so the handlers are tested
 * with simulated events (push.test.ts) instead of a real push service, which headless Chromium
 * cannot reach.
 */

export interface PushMessageLike {
  json(): unknown;
  text(): string;
}

export interface PushEventLike {
  data: PushMessageLike | null;
  waitUntil(p: Promise<unknown>): void;
}

export interface NotificationLike {
  data: unknown;
  close(): void;
}

export interface NotificationClickEventLike {
  notification: NotificationLike;
  waitUntil(p: Promise<unknown>): void;
}

export interface WindowClientLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface PushScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: NotificationOptions & { data?: unknown }): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

interface Reminder {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const FALLBACK: Reminder = {
  title: 'Time for your voice practice',
  body: 'Open Tuneful for today’s session.',
  url: '/home',
  tag: 'tuneful-reminder',
};

/**
 * The link a notification may open: only a page of this app's own origin. A payload naming
 * another origin (it should never) opens the same path here instead of leaving the app.
 */
export function safeUrl(raw: unknown, origin: string): string {
  if (typeof raw !== 'string' || raw === '') return new URL(FALLBACK.url, origin).href;
  try {
    const url = new URL(raw, origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return new URL(FALLBACK.url, origin).href;
    return url.origin === origin ? url.href : new URL(`${url.pathname}${url.search}`, origin).href;
  } catch {
    return new URL(FALLBACK.url, origin).href;
  }
}

/** What a push carries, read defensively: any missing part falls back to plain words. */
export function readReminder(data: PushMessageLike | null, origin: string): Reminder {
  let parsed: Partial<Record<keyof Reminder, unknown>> = {};
  try {
    const json = data?.json();
    if (json && typeof json === 'object') parsed = json as typeof parsed;
  } catch {
    const text = data?.text();
    if (text) parsed = { body: text };
  }
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);
  return {
    title: str(parsed.title, FALLBACK.title),
    body: str(parsed.body, FALLBACK.body),
    url: safeUrl(parsed.url, origin),
    tag: str(parsed.tag, FALLBACK.tag),
  };
}

export function onPush(event: PushEventLike, scope: PushScope): void {
  const r = readReminder(event.data, scope.location.origin);
  event.waitUntil(
    scope.registration.showNotification(r.title, {
      body: r.body,
      tag: r.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: r.url },
    }),
  );
}

export function onNotificationClick(event: NotificationClickEventLike, scope: PushScope): void {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = safeUrl(data?.url, scope.location.origin);
  event.waitUntil(openOrFocus(url, scope));
}

async function openOrFocus(url: string, scope: PushScope): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((w) => new URL(w.url).origin === scope.location.origin);
  const same = ours.find((w) => w.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const other = ours.find((w) => w.focused) ?? ours[0];
  if (other) {
    // An open Tuneful window is reused: moved to the page, then brought forward.
    try {
      await other.navigate(url);
      await other.focus();
      return;
    } catch {
      // An uncontrolled window cannot be navigated by the worker: open a new one instead.
    }
  }
  await scope.clients.openWindow(url);
}
