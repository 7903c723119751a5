import { describe, expect, it, vi } from 'vitest';
import { deviceLabel } from './device-label';
import {
  keyBytes,
  PushProblem,
  subscribeThisDevice,
  thisBrowserState,
  thisDeviceId,
  unsubscribeThisDevice,
  type PushEnv,
} from './push-subscribe';

const SERVER_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** A PushManager that behaves like Chromium's, without a push service behind it. */
function fakePushManager(existing: { key: Uint8Array } | null = null) {
  let current: ReturnType<typeof subscription> | null = existing
    ? subscription('old-endpoint', existing.key)
    : null;
  function subscription(endpoint: string, key: Uint8Array) {
    const sub = {
      endpoint: `https://push.example.net/${endpoint}`,
      options: { applicationServerKey: key.buffer.slice(0) as ArrayBuffer },
      toJSON: () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` },
      }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return sub;
  }
  return {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (o: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = subscription('new-endpoint', o.applicationServerKey);
      return current;
    }),
    get current() {
      return current;
    },
  };
}

function env(over: Partial<PushEnv> & { manager?: ReturnType<typeof fakePushManager> | null } = {}) {
  const manager = over.manager === undefined ? fakePushManager() : over.manager;
  const store = new Map<string, string>();
  const calls: { method: string; url: string; body: unknown }[] = [];
  const e: PushEnv = {
    registration: async () => (manager ? { pushManager: manager } : null),
    permission: () => 'default',
    requestPermission: vi.fn(async () => 'granted' as const),
    userAgent: ANDROID_CHROME,
    api: (async (method: string, url: string, body?: unknown) => {
      calls.push({ method, url, body });
      if (url.endsWith('/push/key')) return { publicKey: SERVER_KEY };
      if (url.endsWith('/push/subscriptions')) return { id: 42, device: 'Chrome on Android' };
      return null;
    }) as PushEnv['api'],
    store: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    ...over,
  };
  return { e, manager, calls };
}

describe('turning notifications on for this device', () => {
  it('asks permission, subscribes with the server key, and sends the subscription to the server', async () => {
    const { e, manager, calls } = env();
    expect(await subscribeThisDevice(e)).toEqual({ id: 42, device: 'Chrome on Android' });
    expect(e.requestPermission).toHaveBeenCalled();
    expect(manager!.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(SERVER_KEY),
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/reminders/push/key',
      'POST /api/reminders/push/subscriptions',
    ]);
    expect(calls[1]!.body).toEqual({
      endpoint: 'https://push.example.net/new-endpoint',
      expirationTime: null,
      keys: { p256dh: 'p256dh-of-new-endpoint', auth: 'auth-of-new-endpoint' },
      device: 'Chrome on Android',
    });
    expect(thisDeviceId(e)).toBe(42);
  });

  it('keeps a subscription made with the same key, and replaces one made with an old key', async () => {
    const same = env({ manager: fakePushManager({ key: keyBytes(SERVER_KEY) }) });
    await subscribeThisDevice(same.e);
    expect(same.manager!.subscribe).not.toHaveBeenCalled();
    expect((same.calls[1]!.body as { endpoint: string }).endpoint).toBe(
      'https://push.example.net/old-endpoint',
    );

    const changed = env({ manager: fakePushManager({ key: new Uint8Array(65).fill(4) }) });
    await subscribeThisDevice(changed.e);
    expect(changed.manager!.subscribe).toHaveBeenCalled();
    expect((changed.calls[1]!.body as { endpoint: string }).endpoint).toBe(
      'https://push.example.net/new-endpoint',
    );
  });

  it('says in words why it cannot: no permission, blocked, no service worker, no Web Push', async () => {
    const refused = env({ requestPermission: async () => 'default' });
    await expect(subscribeThisDevice(refused.e)).rejects.toThrow(/not allowed/);
    const blocked = env({ requestPermission: async () => 'denied' });
    await expect(subscribeThisDevice(blocked.e)).rejects.toThrow(/blocked .* site settings/);
    const noWorker = env({ manager: null });
    await expect(subscribeThisDevice(noWorker.e)).rejects.toBeInstanceOf(PushProblem);
    await expect(subscribeThisDevice(noWorker.e)).rejects.toThrow(/offline support/);
    const noPush = env({ permission: () => 'unsupported' });
    await expect(subscribeThisDevice(noPush.e)).rejects.toThrow(/cannot show notifications/);
    // Nothing reached the server in any of them.
    for (const x of [refused, blocked, noWorker, noPush])
      expect(x.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('turning notifications off for this device', () => {
  it('tells the server to forget this device, then unsubscribes the browser', async () => {
    const { e, manager, calls } = env({ manager: fakePushManager({ key: keyBytes(SERVER_KEY) }) });
    e.store.setItem('tuneful_push_device', '42');
    const sub = manager!.current!;
    await unsubscribeThisDevice(e);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/reminders/push/unsubscribe',
        body: { endpoint: 'https://push.example.net/old-endpoint' },
      },
    ]);
    expect(sub.unsubscribe).toHaveBeenCalled();
    expect(thisDeviceId(e)).toBeNull();
  });

  it('reports what this browser can do', async () => {
    expect(await thisBrowserState(env().e)).toBe('ready');
    expect(await thisBrowserState(env({ manager: fakePushManager({ key: keyBytes(SERVER_KEY) }) }).e)).toBe(
      'subscribed',
    );
    expect(await thisBrowserState(env({ permission: () => 'denied' }).e)).toBe('blocked');
    expect(await thisBrowserState(env({ manager: null }).e)).toBe('unsupported');
  });
});

describe('device names', () => {
  it('names the browser and system in words', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge on Windows');
    expect(deviceLabel('')).toBe('A browser');
  });
});
