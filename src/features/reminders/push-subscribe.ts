import { apiJson } from '../../lib/api';
import { storageKeys } from '../../lib/storage-keys';
import { deviceLabel } from './device-label';

/**
 * Turning reminder notifications on for this browser (Web Push): ask permission, subscribe the
 * service worker's PushManager with the server's VAPID public key, and give the subscription to
 * the server (one per device; a member may have several). Off: tell the server to forget this
 * device and unsubscribe here. Every failure is thrown as words a member can act on.
 *
 * The browser's objects come through `PushEnv`, so the flow is tested with a fake PushManager
 * (push-subscribe.test.ts): headless Chromium has no push service to talk to.
 */

export class PushProblem extends Error {
  override name = 'PushProblem';
}

interface SubscriptionLike {
  endpoint: string;
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: Uint8Array;
  }): Promise<SubscriptionLike>;
}

export interface PushEnv {
  /** The service worker's registration, or null when none runs (dev server, a blocking browser). */
  registration(): Promise<{ pushManager?: PushManagerLike } | null>;
  permission(): NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission>;
  userAgent: string;
  api: typeof apiJson;
  /** Where the server's id for this device is kept (localStorage). */
  store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function browserPushEnv(): PushEnv {
  const hasPush = typeof window !== 'undefined' && 'PushManager' in window && 'serviceWorker' in navigator;
  return {
    registration: async () =>
      hasPush
        ? (((await navigator.serviceWorker.getRegistration('/')) as unknown as {
            pushManager?: PushManagerLike;
          }) ?? null)
        : null,
    permission: () =>
      typeof Notification === 'undefined' || !hasPush ? 'unsupported' : Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    api: apiJson,
    store: localStorage,
  };
}

/** base64url (the server's key) to the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string): Uint8Array {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

async function pushManagerOf(env: PushEnv): Promise<PushManagerLike> {
  if (env.permission() === 'unsupported')
    throw new PushProblem(
      'This browser cannot show notifications from a web app. E-mail or the calendar work everywhere.',
    );
  const reg = await env.registration();
  if (!reg?.pushManager)
    throw new PushProblem(
      'Notifications need Tuneful’s offline support, which is not running in this browser (a private window, or the app is not installed from the server). Reload and try again, or choose e-mail.',
    );
  return reg.pushManager;
}

/** Turns notifications on here; returns the device as the server keeps it. */
export async function subscribeThisDevice(
  env: PushEnv = browserPushEnv(),
): Promise<{ id: number; device: string }> {
  const manager = await pushManagerOf(env);
  const permission = env.permission() === 'granted' ? 'granted' : await env.requestPermission();
  if (permission !== 'granted')
    throw new PushProblem(
      permission === 'denied'
        ? 'Notifications are blocked for Tuneful in this browser. Allow them in the site settings (the lock by the address), then try again.'
        : 'Notifications were not allowed. Try again and choose Allow.',
    );
  const { publicKey } = await env.api<{ publicKey: string }>('GET', '/api/reminders/push/key');
  const key = keyBytes(publicKey);
  let sub = await manager.getSubscription();
  // Made with another key (the server's keys changed): it would be refused; start afresh.
  if (sub && !sameKey(sub.options?.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  const saved = await env.api<{ id: number; device: string }>('POST', '/api/reminders/push/subscriptions', {
    endpoint: json.endpoint ?? sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
    device: deviceLabel(env.userAgent),
  });
  env.store.setItem(storageKeys.pushDevice, String(saved.id));
  return { id: saved.id, device: saved.device };
}

/** Turns notifications off here: the server forgets this device, then the browser unsubscribes. */
export async function unsubscribeThisDevice(env: PushEnv = browserPushEnv()): Promise<void> {
  const reg = await env.registration();
  const sub = await reg?.pushManager?.getSubscription();
  env.store.removeItem(storageKeys.pushDevice);
  if (!sub) return;
  await env.api('POST', '/api/reminders/push/unsubscribe', { endpoint: sub.endpoint });
  await sub.unsubscribe();
}

/** The server's id of this browser's device, when notifications were turned on here. */
export function thisDeviceId(env: Pick<PushEnv, 'store'> = browserPushEnv()): number | null {
  const id = Number(env.store.getItem(storageKeys.pushDevice));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * What this browser can do: 'unsupported' (no Web Push, or no service worker running here),
 * 'blocked' (the member denied notifications), 'subscribed' (it holds a subscription) or 'ready'.
 */
export async function thisBrowserState(
  env: PushEnv = browserPushEnv(),
): Promise<'unsupported' | 'blocked' | 'subscribed' | 'ready'> {
  if (env.permission() === 'unsupported') return 'unsupported';
  if (env.permission() === 'denied') return 'blocked';
  const reg = await env.registration().catch(() => null);
  if (!reg?.pushManager) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'subscribed' : 'ready';
}
